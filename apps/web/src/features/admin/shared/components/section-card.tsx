import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A titled card of the dashboard. */
export function SectionCard({
  title,
  description,
  badge,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  badge?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="xs" mb={children ? 'md' : 0}>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs">
            <Title order={2} size="h4" id={titleId}>
              {title}
            </Title>
            {badge}
          </Group>
          {description ? (
            <Text size="sm" c="dimmed" mt={2}>
              {description}
            </Text>
          ) : null}
        </div>
        {actions}
      </Group>
      {children ? <Stack gap="md">{children}</Stack> : null}
    </Card>
  );
}
