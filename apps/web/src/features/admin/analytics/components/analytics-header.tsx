import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

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
