import { DonutChart, type DonutChartCell } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatInteger } from '../../shared/lib/figures';

/**
 * A breakdown as a donut beside its table (`children`): the site's traffic sources, YouTube's devices and traffic.
 * `label` is the chart's accessible name: what it shows, over which days.
 */
export function DonutBeside({
  data,
  label,
  children,
}: {
  data: DonutChartCell[];
  label: string;
  children: ReactNode;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <DonutChart
        data={data}
        tooltipDataSource="segment"
        valueFormatter={formatInteger}
        size={200}
        thickness={28}
        mx="auto"
        role="img"
        aria-label={label}
      />
      {children}
    </SimpleGrid>
  );
}
