import type { YoutubeAnalyticsStatus } from '@app/contracts';
import { Group, Progress, Text } from '@mantine/core';
import { formatInteger } from '../../../shared/lib/figures';

/** The first import's progress: days read of the days it reads (up to a year back). */
export function ImportProgress({ status }: { status: YoutubeAnalyticsStatus }) {
  const firstImport = status.firstImport;
  if (!firstImport || firstImport.daysTotal === 0) return null;
  const { daysDone, daysTotal } = firstImport;
  const percent = Math.min(100, Math.round((daysDone / daysTotal) * 100));
  const label = `${formatInteger(daysDone)} of ${formatInteger(daysTotal)} days`;
  return (
    <div data-testid="youtube-import-progress">
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          Days read from YouTube
        </Text>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
      <Progress
        value={percent}
        animated={firstImport.running}
        aria-label={`Days read from YouTube: ${label}`}
      />
    </div>
  );
}
