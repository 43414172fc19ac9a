import { GOOGLE_SCOPES, type GoogleAccountStatus } from '@app/contracts';
import { Alert, Anchor, Badge, Button, Checkbox, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconBrandGoogle, IconCircleCheck, IconPlugConnectedX } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionCard } from '../../shared/components/section-card';
import { useLandingField } from '../../shared/hooks/use-landing-field';
import { useSetting } from '../../shared/hooks/use-settings';
import { useConnectGoogle, useDisconnectGoogle, useGoogleAccount } from '../api/google-account';
import { connectLabels, googleAccountBadges, scopeList } from '../lib/google-account-state';
import { GoogleClientFields } from './google-client-fields';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function StateLine({ status }: { status: GoogleAccountStatus }) {
  if (status.state === 'not-connected' || !status.channel) {
    return (
      <Text size="sm" c="dimmed" data-testid="google-account-state">
        Not connected. The site reads only what is public about the channel.
      </Text>
    );
  }
  const since = status.connectedAt ? ` since ${day.format(new Date(status.connectedAt))}` : '';
  const captions = status.scopes.includes(GOOGLE_SCOPES.captions);
  return (
    <div data-testid="google-account-state">
      <Text size="sm">
        {status.state === 'connected' ? 'Connected as' : 'Was connected as'} “{status.channel.title}” (
        {status.channel.id}){since}.
      </Text>
      <Text size="xs" c="dimmed">
        {captions ? 'Access' : 'Read-only access'} to {scopeList(status.scopes)}.
        {captions
          ? ' YouTube’s caption permission would also allow managing the channel’s videos; the site only reads caption tracks.'
          : ''}
        {status.revenue ? ' To stop reading revenue, disconnect and connect again without Revenue.' : ''}
      </Text>
    </div>
  );
}

/**
 * The owner's Google account for YouTube Analytics: the OAuth client, the redirect URI to register, Connect (to
 * Google's consent page and back), the state, and Disconnect. After Google sends the browser back, the card says how
 * the attempt went.
 */
export function GoogleAccountCard() {
  const { data: status, error } = useGoogleAccount();
  const clientId = useSetting('googleOAuthClientId');
  const clientSecret = useSetting('googleOAuthClientSecret');
  const clientReady = Boolean(clientId && clientSecret);
  const [revenue, setRevenue] = useState<boolean | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const connect = useConnectGoogle();
  const disconnect = useDisconnectGoogle();
  const ref = useLandingField<HTMLDivElement>('google-account');
  const badge = status ? googleAccountBadges[status.state] : null;
  const attempt = status?.attempt && status.attempt.at !== dismissed ? status.attempt : null;
  const wantsRevenue = revenue ?? status?.revenue ?? false;

  return (
    <SectionCard
      title="YouTube Analytics"
      description="Connect the Google account that owns your channel to read its YouTube Analytics: views, watch time, audience and traffic sources, and revenue if you choose. Read-only; docs/integrations/google-account.md explains the set-up."
      badge={
        badge ? (
          <Badge color={badge.color} variant="light" size="sm" data-state={status?.state}>
            {badge.label}
          </Badge>
        ) : null
      }
    >
      <div ref={ref} tabIndex={-1} data-testid="google-account-card" style={{ outline: 'none' }}>
        {error ? (
          <Text size="sm" c="red">
            Google account: not available ({error.message})
          </Text>
        ) : !status ? (
          <Loader size="xs" role="status" aria-label="Loading the Google account" />
        ) : (
          <StateLine status={status} />
        )}
      </div>
      {attempt ? (
        <Alert
          color={attempt.ok ? 'green' : 'red'}
          icon={
            attempt.ok ? <IconCircleCheck size={18} aria-hidden /> : <IconAlertCircle size={18} aria-hidden />
          }
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setDismissed(attempt.at)}
          data-testid="google-account-attempt"
        >
          {attempt.message}
        </Alert>
      ) : null}
      {status?.state === 'reconnect-needed' && status.problem ? (
        <Alert
          color="orange"
          icon={<IconAlertCircle size={18} aria-hidden />}
          data-testid="google-account-problem"
        >
          {status.problem}
        </Alert>
      ) : null}
      <GoogleClientFields redirectUri={status?.redirectUri} />
      <Checkbox
        label="Revenue: also read estimated revenue, ad revenue, RPM and CPM"
        description="Asks Google for the monetary reports scope as well (only for channels in the YouTube Partner Programme)."
        checked={wantsRevenue}
        onChange={(event) => setRevenue(event.currentTarget.checked)}
      />
      <Group gap="sm">
        <Button
          leftSection={<IconBrandGoogle size={16} aria-hidden />}
          onClick={() => connect.mutate(wantsRevenue)}
          loading={connect.isPending}
          disabled={!clientReady || !status}
        >
          {connectLabels[status?.state ?? 'not-connected']}
        </Button>
        {status && status.state !== 'not-connected' ? (
          <Button
            variant="default"
            leftSection={<IconPlugConnectedX size={16} aria-hidden />}
            onClick={() => disconnect.mutate()}
            loading={disconnect.isPending}
          >
            Disconnect
          </Button>
        ) : null}
        {clientReady ? null : (
          <Text size="xs" c="dimmed" data-testid="google-account-needs-client">
            Set the OAuth client ID and secret first (
            <Anchor
              href="https://console.cloud.google.com/apis/credentials"
              target="_blank"
              rel="noreferrer"
              size="xs"
              underline="always"
            >
              Google Cloud credentials
            </Anchor>
            ).
          </Text>
        )}
      </Group>
    </SectionCard>
  );
}
