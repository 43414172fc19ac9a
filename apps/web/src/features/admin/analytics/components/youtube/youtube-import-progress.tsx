import type { YoutubeAnalyticsStatus } from '@app/contracts';
import { Group, Progress, Text } from '@mantine/core';
import { formatInteger } from '../../../shared/lib/figures';

type Progress = NonNullable<YoutubeAnalyticsStatus['firstImport']>;

/**
 * An import's progress: days read of the days it reads. `what` names it: the first import (every figure, up to a
 * year back) or the revenue import (revenue alone, over the days stored before Revenue was granted).
 */
export function ImportProgress({ progress, what }: { progress: Progress | null; what: string }) {
  if (!progress || progress.daysTotal === 0) return null;
  const { daysDone, daysTotal } = progress;
  const percent = Math.min(100, Math.round((daysDone / daysTotal) * 100));
  const label = `${formatInteger(daysDone)} of ${formatInteger(daysTotal)} days`;
  return (
    <div data-testid="youtube-import-progress">
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          {what}
        </Text>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
      <Progress value={percent} animated={progress.running} aria-label={`${what}: ${label}`} />
    </div>
  );
}
