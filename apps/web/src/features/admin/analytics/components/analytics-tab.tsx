import type { AnalyticsReport } from '@app/contracts';
import { Alert, Badge, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAnalytics } from '../../shared/api/get-analytics';
import { type AnalyticsRange, analyticsRanges } from '../../shared/lib/admin-location';
import { SubTabs } from '../../shared/components/sub-tabs';
import { ContentPanel } from './content-panel';
import { ConversionsPanel } from './conversions-panel';
import { PerformancePanel } from './performance-panel';
import { ReportNotes } from './report-notes';
import { TrafficPanel } from './traffic-panel';

export { NOTHING_YET } from './report-parts';

/**
 * The analytics tab: range 7d/30d/90d/1y (default 30d) and four subtabs, every figure from the site's
 * own cookieless counts (`GET /api/admin/analytics?range=`).
 */
export function AnalyticsTab({
  sub,
  range,
  onSubChange,
  onRangeChange,
}: {
  sub: string | null;
  range: AnalyticsRange;
  onSubChange: (sub: string) => void;
  onRangeChange: (range: AnalyticsRange) => void;
}) {
  const { data: report, isError, error } = useAnalytics(range);
  const panel = (render: (report: AnalyticsReport) => ReactNode) => () => {
    if (report) return render(report);
    if (isError)
      return (
        <Alert color="red" variant="light" title="Analytics could not be loaded">
          {error.message}
        </Alert>
      );
    return (
      <Center py="xl">
        <Loader aria-label="Loading analytics" />
      </Center>
    );
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Text fw={700} component="h2" fz="md" m={0}>
            Site analytics
          </Text>
          {report?.demo ? (
            <Badge color="yellow" variant="light" size="sm">
              Demo data
            </Badge>
          ) : null}
        </Group>
        <SegmentedControl
          aria-label="Date range"
          value={range}
          onChange={(value) => onRangeChange(value as AnalyticsRange)}
          data={analyticsRanges.map((value) => ({ value, label: value }))}
        />
      </Group>
      {report ? <ReportNotes report={report} /> : null}
      <SubTabs
        label="Analytics sections"
        value={sub}
        onChange={onSubChange}
        items={[
          {
            value: 'performance',
            label: 'Performance',
            render: panel((r) => <PerformancePanel report={r} />),
          },
          { value: 'traffic', label: 'Traffic Sources', render: panel((r) => <TrafficPanel report={r} />) },
          { value: 'content', label: 'Content', render: panel((r) => <ContentPanel report={r} />) },
          {
            value: 'conversions',
            label: 'Conversions',
            render: panel((r) => <ConversionsPanel report={r} />),
          },
        ]}
      />
    </Stack>
  );
}
