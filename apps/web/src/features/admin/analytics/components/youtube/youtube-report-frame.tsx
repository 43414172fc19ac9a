import { Alert, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingStatus } from '../../../shared/components/loading-status';
import { formatInstant } from '../../lib/youtube-labels';

/** What every report answers: figures (`available`), or why there are none. */
type AnyReport =
  | { available: false; reason: string; message: string }
  | { available: true; fetchedAt: string; importing: boolean };

/**
 * One report of the YouTube view: loading, its error, why it has no figures (the API's words; the first import's
 * progress is above the subtabs), or its figures with when they were read from YouTube.
 */
export function YoutubeReportFrame<R extends AnyReport>({
  query,
  children,
  hasFigures = () => true,
}: {
  query: UseQueryResult<R>;
  children: (report: Extract<R, { available: true }>) => ReactNode;
  /** Whether the report shows figures (revenue not granted has none, so no "read from YouTube" line). */
  hasFigures?: (report: Extract<R, { available: true }>) => boolean;
}) {
  const { data: report, error } = query;
  if (!report) {
    if (error)
      return (
        <Alert color="red" variant="light" title="YouTube Analytics could not be loaded">
          {error.message}
        </Alert>
      );
    return <LoadingStatus label="Loading YouTube Analytics" />;
  }
  if (!report.available) {
    return (
      <Text size="sm" c="dimmed" py="md" ta="center">
        {report.message}
      </Text>
    );
  }
  const figures = report as Extract<R, { available: true }>;
  return (
    <Stack gap="lg">
      {report.importing ? (
        <Text size="sm" c="dimmed">
          The first import is still reading older days from YouTube: this range may not be complete yet.
        </Text>
      ) : null}
      {children(figures)}
      {hasFigures(figures) ? (
        <Text size="xs" c="dimmed">
          Read from YouTube Analytics {formatInstant(report.fetchedAt)}.
        </Text>
      ) : null}
    </Stack>
  );
}
