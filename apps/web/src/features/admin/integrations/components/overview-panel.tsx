import type { IntegrationCheck } from '@app/contracts';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { replaceToast } from '../../../../lib/toast';
import { useIntegrationChecks, useTestIntegration } from '../../shared/api/integration-checks';
import { useSettings } from '../../shared/hooks/use-settings';
import { adminLink } from '../../shared/lib/admin-link';
import { type Integration, type IntegrationStatus, integrations } from '../lib/integration-status';
import { useYoutubeStatus } from '../../shared/hooks/use-youtube-status';
import { YoutubeBadge } from '../../shared/components/youtube-badge';
import { SectionCard } from '../../shared/components/section-card';
import { useGoogleAccount } from '../api/google-account';
import { googleAccountBadges } from '../lib/google-account-state';
import { GoogleAccountCard } from './google-account-card';
import { YoutubeCaptionsCard } from './youtube-captions-card';

const statusBadge: Record<IntegrationStatus, { color: string; label: string }> = {
  connected: { color: 'green', label: 'Connected' },
  disconnected: { color: 'gray', label: 'Disconnected' },
  error: { color: 'red', label: 'Error' },
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The toast for a test's answer: the SPEC's title on a real success; a form-only check never claims one. */
function showResult(integration: Integration, check: IntegrationCheck) {
  if (!check.ok) {
    replaceToast({ title: 'Connection failed', description: check.message, variant: 'destructive' });
  } else if (check.scope === 'format') {
    replaceToast({ title: 'Format checked', description: check.message });
  } else {
    replaceToast({
      title: 'Connection successful',
      description: `${integration.name} is working: ${check.message}`,
    });
  }
}

function IntegrationCard({ integration }: { integration: Integration }) {
  const badge = statusBadge[integration.status];
  const { mutate, isPending } = useTestIntegration(integration.id);
  const failed = integration.status === 'error' ? integration.lastCheck : null;

  const test = () =>
    mutate(undefined, {
      onSuccess: (check) => showResult(integration, check),
      onError: (error) =>
        replaceToast({ title: 'Connection test failed', description: error.message, variant: 'destructive' }),
    });

  const connect = () => {
    replaceToast({ title: `Connect ${integration.name}`, description: integration.hint });
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid={`integration-${integration.id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text component="h3" fw={600}>
            {integration.name}
          </Text>
          <Text size="xs" c="dimmed">
            {integration.description}
          </Text>
        </div>
        <Badge color={badge.color} variant="light" size="sm" style={{ flexShrink: 0 }}>
          {badge.label}
        </Badge>
      </Group>
      {failed ? (
        <Text size="xs" c="red" mt="xs" data-testid={`integration-${integration.id}-error`}>
          Last test failed on {dateTime.format(new Date(failed.checkedAt))}: {failed.message}
        </Text>
      ) : null}
      <Group mt="sm">
        {integration.status !== 'disconnected' ? (
          <Button
            size="xs"
            variant="default"
            onClick={test}
            loading={isPending}
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

/**
 * YouTube is set up in one place, the Content tab's YouTube Integration card: here its badge (the same one)
 * and a link that lands on the card's Channel field; and the state of the Google account (YouTube Analytics),
 * whose card is below.
 */
function YoutubeTile() {
  const status = useYoutubeStatus();
  const google = useGoogleAccount().data;
  return (
    <Paper withBorder radius="md" p="md" data-testid="integration-youtube">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text component="h3" fw={600}>
            YouTube
          </Text>
          <Text size="xs" c="dimmed">
            Videos, playlists and channel statistics
          </Text>
        </div>
        <YoutubeBadge />
      </Group>
      {status?.error ? (
        <Text size="xs" c="red" mt="xs" data-testid="integration-youtube-error">
          {status.error}
        </Text>
      ) : null}
      {google ? (
        <Text size="xs" mt="xs" data-testid="integration-youtube-analytics">
          YouTube Analytics:{' '}
          <Anchor component={Link} to={adminLink({ tab: 'integrations', field: 'google-account' })} size="xs">
            {google.state === 'not-connected'
              ? 'Connect Google account'
              : googleAccountBadges[google.state].label}
          </Anchor>
        </Text>
      ) : null}
      <Group mt="sm">
        <Anchor component={Link} to={adminLink({ tab: 'content', field: 'channel' })} size="sm">
          {status?.state === 'not-set-up'
            ? 'Set up under Content → YouTube Integration'
            : 'Content → YouTube Integration'}
        </Anchor>
      </Group>
    </Paper>
  );
}

/**
 * Status from the settings; Connect shows a hint. Test runs the integration's real check on the
 * server (#14), and a set-up integration whose last test failed shows Error with that test's message.
 * Below the tiles, the Google account card (YouTube Analytics) and Transcripts from YouTube, which reads through it.
 */
export function OverviewPanel() {
  const settings = useSettings();
  const checks = useIntegrationChecks();
  return (
    <Stack gap="lg">
      <SectionCard title="Integrations" description="Services connected to your site.">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <YoutubeTile />
          {integrations(settings, checks.data?.checks).map((integration) => (
            <IntegrationCard key={integration.id} integration={integration} />
          ))}
        </SimpleGrid>
      </SectionCard>
      <GoogleAccountCard />
      <YoutubeCaptionsCard />
    </Stack>
  );
}
