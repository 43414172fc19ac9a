import type { AnalyticsReport } from '@app/contracts';
import { Alert, Badge, Center, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAnalytics } from '../../shared/api/get-analytics';
import { SubTabs } from '../../shared/components/sub-tabs';
import { AnalyticsHeader, type AnalyticsSourceViewProps } from './analytics-header';
import { ContentPanel } from './content-panel';
import { ConversionsPanel } from './conversions-panel';
import { PerformancePanel } from './performance-panel';
import { ReportNotes } from './report-notes';
import { TrafficPanel } from './traffic-panel';

/**
 * "This site": four subtabs, every figure from the site's own cookieless counts (`GET /api/admin/analytics?range=`).
 */
export function SiteAnalytics({ sub, range, controls, onSubChange }: AnalyticsSourceViewProps) {
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
        <Loader role="status" aria-label="Loading analytics" />
      </Center>
    );
  };
  return (
    <Stack gap="md">
      <AnalyticsHeader
        title="Site analytics"
        badge={
          report?.demo ? (
            <Badge color="yellow" variant="light" size="sm">
              Demo data
            </Badge>
          ) : null
        }
        controls={controls}
      />
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
