import type { AnalyticsReport } from '@app/contracts';
import { AreaChart } from '@mantine/charts';
import { SimpleGrid, Stack } from '@mantine/core';
import { formatInteger, rangeLabels } from '../../shared/lib/figures';
import { SectionCard } from '../../shared/components/section-card';
import { chartData, Empty, per, span, Stat } from './report-parts';

export function PerformancePanel({ report }: { report: AnalyticsReport }) {
  const { totals } = report;
  const empty = totals.views === 0 && totals.plays === 0;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Stat label="Views" value={formatInteger(totals.views)} />
        <Stat label="Visitors" value={formatInteger(totals.visitors)} />
        <Stat label="Plays" value={formatInteger(totals.plays)} />
        <Stat label="Pages per visit" value={totals.pagesPerVisit.toFixed(2)} />
      </SimpleGrid>
      <SectionCard
        title="Views and visitors"
        description={`${rangeLabels[report.range]}, ${per(report)}. Visitors are counted per day, without cookies.`}
      >
        {empty ? (
          <Empty />
        ) : (
          <AreaChart
            h={280}
            data={chartData(report)}
            dataKey="date"
            series={[
              { name: 'views', label: 'Views', color: 'red.6' },
              { name: 'visitors', label: 'Visitors', color: 'blue.5' },
              { name: 'plays', label: 'Plays', color: 'teal.5' },
            ]}
            curveType="monotone"
            withLegend
            valueFormatter={formatInteger}
            aria-label={`Chart of views, visitors and plays ${per(report)}, ${span(report)}`}
            role="img"
          />
        )}
      </SectionCard>
    </Stack>
  );
}
