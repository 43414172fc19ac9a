import { Badge, Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import { replaceToast } from '../../../../lib/toast';
import { useSettings } from '../../hooks/use-settings';
import { type Integration, type IntegrationStatus, integrations } from '../../lib/integration-status';
import { SectionCard } from '../section-card';

/** SPEC §9: the simulated connection test takes one second. */
export const CONNECTION_TEST_MS = 1000;

const statusBadge: Record<IntegrationStatus, { color: string; label: string }> = {
  connected: { color: 'green', label: 'Connected' },
  disconnected: { color: 'gray', label: 'Disconnected' },
  error: { color: 'red', label: 'Error' },
};

function IntegrationCard({ integration }: { integration: Integration }) {
  const [testing, setTesting] = useState(false);
  const badge = statusBadge[integration.status];

  const test = () => {
    setTesting(true);
    setTimeout(() => {
      setTesting(false);
      replaceToast({ title: 'Connection successful', description: `${integration.name} is working` });
    }, CONNECTION_TEST_MS);
  };

  const connect = () => {
    replaceToast({ title: `Connect ${integration.name}`, description: integration.hint });
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid={`integration-${integration.id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{integration.name}</Text>
          <Text size="xs" c="dimmed">
            {integration.description}
          </Text>
        </div>
        <Badge color={badge.color} variant="light" size="sm" style={{ flexShrink: 0 }}>
          {badge.label}
        </Badge>
      </Group>
      <Group mt="sm">
        {integration.status === 'connected' ? (
          <Button
            size="xs"
            variant="default"
            onClick={test}
            loading={testing}
            aria-label={`Test ${integration.name}`}
          >
            Test
          </Button>
        ) : (
          <Button size="xs" variant="light" onClick={connect} aria-label={`Connect ${integration.name}`}>
            Connect
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** SPEC §4: status from the settings; Connect shows a hint, Test a simulated one-second check. */
export function OverviewPanel() {
  const settings = useSettings();
  return (
    <SectionCard title="Integrations" description="Services connected to your site.">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {integrations(settings).map((integration) => (
          <IntegrationCard key={integration.id} integration={integration} />
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
