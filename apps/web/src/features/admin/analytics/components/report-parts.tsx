import type { AnalyticsReport } from '@app/contracts';
import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDay, rangeLabels } from '../../shared/lib/figures';

export const NOTHING_YET = 'Nothing recorded yet';

/** A figure with its label; `hint` is a line under it (what it is made of). */
export function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={800} lh={1.25}>
        {value}
      </Text>
      {hint ? (
        // Not a paragraph: a bold one before a plain one reads as a heading (axe p-as-heading).
        <Text size="xs" c="dimmed" component="div">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

export function Empty({ children = NOTHING_YET }: { children?: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" py="md" ta="center">
      {children}
    </Text>
  );
}

export const per = (report: AnalyticsReport) => (report.bucket === 'day' ? 'per day' : 'per week');
export const chartData = (report: AnalyticsReport) =>
  report.series.map((point) => ({ ...point, date: formatDay(point.date) }));
export const span = (report: AnalyticsReport) => rangeLabels[report.range].toLowerCase();
