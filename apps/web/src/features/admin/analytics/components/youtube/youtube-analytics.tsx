import { Alert, Badge, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadingStatus } from '../../../shared/components/loading-status';
import { SubTabs } from '../../../shared/components/sub-tabs';
import { useYoutubeAnalyticsStatus } from '../../api/youtube-analytics';
import { useReloadReportsWithStatus } from '../../api/youtube-report-reload';
import { AnalyticsHeader, type AnalyticsSourceViewProps } from '../analytics-header';
import { YoutubeAudiencePanel } from './youtube-audience-panel';
import { YoutubeNotConnected, YoutubeStatusBar } from './youtube-connection';
import { YoutubeContentPanel } from './youtube-content-panel';
import { YoutubeOverviewPanel } from './youtube-overview-panel';
import { YoutubeRevenuePanel } from './youtube-revenue-panel';

/**
 * "YouTube": the channel's YouTube Analytics, read through the owner's Google account and stored by the API
 * (the API's youtube-analytics routes). Not connected, it says so and where to connect; connected, the status line
 * (last read, queries today, Refresh, the first import's progress) and four subtabs for the range.
 */
export function YoutubeAnalytics({ sub, range, controls, onSubChange }: AnalyticsSourceViewProps) {
  const { data: status, error } = useYoutubeAnalyticsStatus();
  useReloadReportsWithStatus(status);
  let body: ReactNode;
  if (!status) {
    body = error ? (
      <Alert color="red" variant="light" title="YouTube Analytics could not be loaded">
        {error.message}
      </Alert>
    ) : (
      <LoadingStatus label="Loading YouTube Analytics" />
    );
  } else if (status.connection === 'not-connected') {
    body = <YoutubeNotConnected />;
  } else {
    body = (
      <>
        <YoutubeStatusBar status={status} />
        <SubTabs
          label="YouTube Analytics sections"
          value={sub}
          onChange={onSubChange}
          items={[
            {
              value: 'youtube-overview',
              label: 'Overview',
              render: () => <YoutubeOverviewPanel range={range} />,
            },
            {
              value: 'youtube-content',
              label: 'Content',
              render: () => <YoutubeContentPanel range={range} />,
            },
            {
              value: 'youtube-audience',
              label: 'Audience',
              render: () => <YoutubeAudiencePanel range={range} />,
            },
            {
              value: 'youtube-revenue',
              label: 'Revenue',
              render: () => <YoutubeRevenuePanel range={range} />,
            },
          ]}
        />
      </>
    );
  }
  return (
    <Stack gap="md">
      <AnalyticsHeader
        title="YouTube analytics"
        badge={
          status?.connection === 'reconnect-needed' ? (
            <Badge color="orange" variant="light" size="sm">
              Reconnect needed
            </Badge>
          ) : null
        }
        controls={controls}
      />
      {body}
    </Stack>
  );
}
