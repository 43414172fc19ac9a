import type { YoutubeAnalyticsStatus } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { YOUTUBE_ANALYTICS_KEY } from './youtube-analytics';

/**
 * Reloads the open report when the status says the stored figures changed: a fetch ended, the first import read
 * more days, the connection or the revenue grant changed. The status itself is polled while a fetch runs.
 */
export function useReloadReportsWithStatus(status: YoutubeAnalyticsStatus | undefined): void {
  const queryClient = useQueryClient();
  const mark = status
    ? [
        status.connection,
        status.revenue,
        status.running,
        status.lastFetchedAt,
        status.firstImport?.daysDone,
      ].join('|')
    : null;
  const previous = useRef(mark);
  useEffect(() => {
    if (previous.current !== null && mark !== null && mark !== previous.current) {
      void queryClient.invalidateQueries({
        queryKey: YOUTUBE_ANALYTICS_KEY,
        predicate: (query) => query.queryKey[2] !== 'status',
      });
    }
    previous.current = mark;
  }, [mark, queryClient]);
}
