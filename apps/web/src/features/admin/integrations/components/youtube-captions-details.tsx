import type { YoutubeCaptionsStatus } from '@app/contracts';
import { Alert, List, Stack, Text } from '@mantine/core';
import {
  checkedLine,
  errorTitles,
  formatWhen,
  skipReasons,
  storedLine,
  unitsLine,
} from '../lib/youtube-captions-labels';

/** What the import has read, its budget, its last trouble, and the tracks it did not store. */
export function YoutubeCaptionsDetails({ status }: { status: YoutubeCaptionsStatus }) {
  const more = status.skippedCount - status.skipped.length;
  return (
    <Stack gap="xs" data-testid="youtube-captions-status">
      <Text size="sm">{storedLine(status)}.</Text>
      <Text size="sm">
        {checkedLine(status)} · {unitsLine(status)}
      </Text>
      <Text size="xs" c="dimmed">
        {status.running
          ? 'Reading captions from YouTube now…'
          : status.lastRunAt
            ? `Last run ${formatWhen(status.lastRunAt)}.`
            : 'Not run yet.'}
        {status.nextRunAt ? ` Next nightly run ${formatWhen(status.nextRunAt)}; also after each sync.` : ''}
      </Text>
      {status.lastError ? (
        <Alert color="orange" variant="light" title={errorTitles[status.lastError.kind]}>
          {status.lastError.message} ({formatWhen(status.lastError.at)})
        </Alert>
      ) : null}
      {status.skipped.length ? (
        <div data-testid="youtube-captions-skipped">
          <Text size="sm">Not stored ({status.skippedCount}):</Text>
          <List size="xs" spacing={2}>
            {status.skipped.map((skip, i) => (
              <List.Item key={`${skip.videoId}-${skip.language}-${skip.name}-${i}`}>
                {skip.title ?? skip.videoId}
                {skip.language ? ` — ${skip.language}${skip.name ? ` “${skip.name}”` : ''}` : ''}:{' '}
                {skipReasons[skip.reason]}
                {skip.detail ? ` (${skip.detail})` : ''}
              </List.Item>
            ))}
          </List>
          {more > 0 ? (
            <Text size="xs" c="dimmed">
              and {more} more.
            </Text>
          ) : null}
        </div>
      ) : null}
    </Stack>
  );
}
