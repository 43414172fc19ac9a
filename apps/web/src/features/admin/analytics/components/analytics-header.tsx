import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AnalyticsRange } from '../../shared/lib/admin-location';

/** What the Analytics tab gives the view of each source ("This site", "YouTube"). */
export interface AnalyticsSourceViewProps {
  /** The open subtab (one of the source's). */
  sub: string | null;
  range: AnalyticsRange;
  /** The source and range controls, for the view's first line. */
  controls: ReactNode;
  onSubChange: (sub: string) => void;
}

/** The Analytics tab's first line: the source's heading (with its badge) and the source and range controls. */
export function AnalyticsHeader({
  title,
  badge,
  controls,
}: {
  title: string;
  badge?: ReactNode;
  controls: ReactNode;
}) {
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="xs">
        <Text fw={700} component="h2" fz="md" m={0}>
          {title}
        </Text>
        {badge}
      </Group>
      {controls}
    </Group>
  );
}
