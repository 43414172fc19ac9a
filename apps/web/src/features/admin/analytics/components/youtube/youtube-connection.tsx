import type { YoutubeAnalyticsStatus, YoutubeImportErrorKind } from '@app/contracts';
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { SectionCard } from '../../../shared/components/section-card';
import { adminLink } from '../../../shared/lib/admin-link';
import { formatInteger } from '../../../shared/lib/figures';
import { useRefreshYoutubeAnalytics } from '../../api/youtube-analytics';
import { formatInstant, formatLongDay } from '../../lib/youtube-labels';
import { ImportProgress } from './youtube-import-progress';

/** Integrations → Overview, landing on the YouTube Analytics card (connect, reconnect, tick Revenue). */
export const GOOGLE_ACCOUNT_CARD_LINK = adminLink({
  tab: 'integrations',
  sub: 'overview',
  field: 'google-account',
});

export function GoogleAccountCardLink({ children }: { children: string }) {
  return (
    <Anchor component={Link} to={GOOGLE_ACCOUNT_CARD_LINK} size="sm" underline="always">
      {children}
    </Anchor>
  );
}

/** Not connected: no figure at all, and where to connect. */
export function YoutubeNotConnected() {
  return (
    <SectionCard
      title="YouTube Analytics is not connected"
      description="Connect the Google account that owns the channel to see its views, watch time, subscribers, audience, traffic sources and, if you choose, revenue here. Until then this view shows no figures."
    >
      <Group>
        <Button component={Link} to={GOOGLE_ACCOUNT_CARD_LINK} variant="light">
          Connect in Integrations → Overview
        </Button>
      </Group>
    </SectionCard>
  );
}

const errorTitles: Record<YoutubeImportErrorKind, string> = {
  quota: 'The daily query budget is spent',
  'reconnect-needed': 'Reconnect needed',
  unreachable: 'YouTube Analytics could not be reached',
  refused: 'YouTube refused a query',
};

/** What went wrong: the grant is gone (reconnect), or the last fetch's trouble. */
function Troubles({ status }: { status: YoutubeAnalyticsStatus }) {
  if (status.connection === 'reconnect-needed')
    return (
      // The API's message starts with "Reconnect needed:" (the badge beside the heading says it too).
      <Alert color="orange" variant="light">
        <Stack gap={4}>
          <Text size="sm">
            {status.message ?? 'Reconnect needed: Google no longer accepts the site’s access.'} The figures
            below are the last ones read.
          </Text>
          <GoogleAccountCardLink>Reconnect in Integrations → Overview</GoogleAccountCardLink>
        </Stack>
      </Alert>
    );
  if (!status.lastError) return null;
  return (
    <Alert color="orange" variant="light" title={errorTitles[status.lastError.kind]}>
      {status.lastError.message} ({formatInstant(status.lastError.at)})
    </Alert>
  );
}

/** When the figures were last read, and whether a fetch is reading more now. */
function lastRead({ lastFetchedAt, running }: YoutubeAnalyticsStatus): string {
  if (!lastFetchedAt)
    return running ? 'Reading from YouTube for the first time…' : 'Nothing read from YouTube yet.';
  return `Figures last read from YouTube ${formatInstant(lastFetchedAt)}.${running ? ' Reading from YouTube now…' : ''}`;
}

/**
 * The YouTube view's first lines once connected: when the figures were last read, the queries counted today,
 * Refresh, the first import's progress while it runs, and any trouble.
 */
export function YoutubeStatusBar({ status }: { status: YoutubeAnalyticsStatus }) {
  const refresh = useRefreshYoutubeAnalytics();
  const { queries } = status;
  const stored =
    status.storedFrom && status.storedTo
      ? `Days stored: ${formatLongDay(status.storedFrom)} – ${formatLongDay(status.storedTo)}.`
      : 'No day stored yet.';
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="sm" data-testid="youtube-status">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm">{lastRead(status)}</Text>
            <Text size="xs" c="dimmed">
              {`${formatInteger(queries.today)} of ${formatInteger(queries.dailyLimit)} queries to YouTube Analytics today. ${stored}`}
            </Text>
          </div>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={refresh.isPending}
            disabled={status.running || status.connection !== 'connected'}
            onClick={() => refresh.mutate()}
          >
            Refresh
          </Button>
        </Group>
        {status.firstImport?.running ? (
          <Stack gap={4} mt="sm">
            <ImportProgress progress={status.firstImport} what="Days read from YouTube" />
            <Text size="xs" c="dimmed">
              The first import reads up to a year back; each subtab shows its figures as the days arrive.
            </Text>
          </Stack>
        ) : status.revenueImport && !status.revenueImport.done ? (
          <Stack gap={4} mt="sm">
            <ImportProgress progress={status.revenueImport} what="Revenue days read from YouTube" />
            <Text size="xs" c="dimmed">
              Revenue was granted after these days were read: their revenue is read now, newest first. Until
              then Revenue counts them as unknown, never as 0.
            </Text>
          </Stack>
        ) : null}
      </Paper>
      <Troubles status={status} />
    </Stack>
  );
}
