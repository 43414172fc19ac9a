import { Button, Group, Loader, Text } from '@mantine/core';
import { IconBrandYoutube, IconRefresh } from '@tabler/icons-react';
import { type SyncRun, syncSecondsLeft } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { syncStatusQueryOptions, useSyncStatus } from '../../shared/api/sync-status';
import { useSyncYoutube } from '../api/sync-youtube';
import { useAdminLocation } from '../../shared/hooks/use-admin-location';
import { plural } from '../../shared/lib/figures';
import { deliveryLines } from '../lib/deliveries';
import { SectionCard } from '../../shared/components/section-card';
import { SettingsGate } from '../../shared/components/settings-gate';
import { replaceToast } from '../../../../lib/toast';
import { WebsubStatusLine } from './websub-status';
import { YoutubeBadge } from '../../shared/components/youtube-badge';
import { YoutubeSetup } from './youtube-setup';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function outcomeText(run: SyncRun): string {
  if (run.outcome === 'running') return 'running now';
  if (run.outcome === 'failed') return `failed${run.error ? `: ${run.error}` : ''}`;
  return `succeeded: ${plural(run.videos, 'video')}, ${plural(run.playlists, 'playlist')} (${run.added} added, ${run.updated} updated, ${run.removed} removed; ${plural(run.apiUnits, 'API unit')}, ${plural(run.pages, 'page')} fetched)`;
}

const integer = new Intl.NumberFormat('en-US');

function timeLeft(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, seconds)} s left`;
  return `about ${Math.round(seconds / 60)} min left`;
}

/** A running sync as it goes: pages, videos (of the channel's total), units and the time left. */
export function progressText(run: SyncRun, now: number): string {
  const videos =
    run.expectedVideos === null
      ? plural(run.videos, 'video')
      : `${integer.format(run.videos)} of ${integer.format(run.expectedVideos)} video${run.expectedVideos === 1 ? '' : 's'}`;
  const left = syncSecondsLeft(run, now);
  return `Syncing: ${plural(run.pages, 'page')} fetched, ${videos}, ${plural(run.apiUnits, 'API unit')}${left === null ? '' : `, ${timeLeft(left)}`}`;
}

/** A push (WebSub) that changed a video, as the history records it. */
export function pushText(run: SyncRun): string {
  const change = run.added > 0 ? 'added' : 'updated';
  return `video ${run.videoId ?? 'unknown'} ${change} (${plural(run.apiUnits, 'API unit')})`;
}

const when = (run: SyncRun) => dateTime.format(new Date(run.finishedAt ?? run.startedAt));

function LastSync({ syncing }: { syncing: boolean }) {
  const { data, isPending, error } = useSyncStatus({ poll: syncing });
  if (isPending) return <Loader size="xs" role="status" aria-label="Loading the last sync" />;
  if (error) {
    return (
      <Text size="sm" c="dimmed">
        Last sync: not available ({error.message})
      </Text>
    );
  }
  const { lastRun, lastSuccess, lastPush } = data;
  if (lastRun?.outcome === 'running') {
    return (
      <Text size="sm" data-testid="sync-progress" aria-live="polite">
        {progressText(lastRun, Date.now())}
      </Text>
    );
  }
  if (!lastRun) {
    return (
      <Text size="sm" c="dimmed" data-testid="last-sync">
        Last sync: never. The site shows demo content until the first sync.
      </Text>
    );
  }
  return (
    <div data-testid="last-sync">
      <Text size="sm">
        Last sync {when(lastRun)},{' '}
        <Text span c={lastRun.outcome === 'failed' ? 'red.4' : undefined} inherit>
          {outcomeText(lastRun)}
        </Text>
      </Text>
      {lastRun.notifications?.length ? (
        <Text size="xs" c="dimmed" data-testid="last-sync-notifications">
          New-video notifications: {deliveryLines(lastRun.notifications).join(' · ')}
        </Text>
      ) : null}
      {lastRun.outcome === 'failed' && lastSuccess ? (
        <Text size="xs" c="dimmed">
          Last successful sync {when(lastSuccess)}
        </Text>
      ) : null}
      {lastPush ? (
        <Text size="xs" c="dimmed" data-testid="last-push">
          Last push {when(lastPush)}: {pushText(lastPush)}
          {lastPush.notifications?.length
            ? `; notifications: ${deliveryLines(lastPush.notifications).join(' · ')}`
            : ''}
        </Text>
      ) : null}
    </div>
  );
}

/** What Sync Now says before a channel is set, instead of asking the API for a sync it cannot run. */
export const SET_UP_FIRST = {
  title: 'Set up YouTube first',
  description:
    "Paste your channel's URL into Channel below, then Save and test. Sync Now then fetches your videos.",
} as const;

/**
 * The YouTube Integration card, the one place where YouTube is set up: its badge says the real state,
 * Sync shows `Syncing...` until the call ends, and before a channel is set Sync Now
 * leads to the Channel field instead.
 */
export function YoutubeIntegrationCard() {
  const sync = useSyncYoutube();
  const status = useSyncStatus();
  const queryClient = useQueryClient();
  const { go } = useAdminLocation();
  /** Whether a channel is set; when the last read said none, read again (it may have been set elsewhere). */
  const channelSet = async (): Promise<boolean> => {
    if (status.data?.setup.channel !== false) return true;
    const fresh = await queryClient
      .fetchQuery({ ...syncStatusQueryOptions(), staleTime: 0 })
      .catch(() => null);
    return fresh ? fresh.setup.channel : true;
  };
  const syncNow = async () => {
    if (await channelSet()) {
      sync.mutate();
      return;
    }
    replaceToast(SET_UP_FIRST);
    go({ tab: 'content', field: 'channel' });
  };
  return (
    <SectionCard
      title="YouTube Integration"
      description="Fetch videos, playlists and channel statistics from YouTube."
      badge={<YoutubeBadge />}
    >
      <Group justify="space-between" gap="sm">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconBrandYoutube size={20} aria-hidden style={{ flexShrink: 0 }} />
          <LastSync syncing={sync.isPending} />
        </Group>
        <Button
          onClick={() => void syncNow()}
          disabled={sync.isPending}
          leftSection={sync.isPending ? <Loader size={16} color="currentColor" /> : <IconRefresh size={16} />}
        >
          {sync.isPending ? 'Syncing...' : 'Sync Now'}
        </Button>
      </Group>
      <WebsubStatusLine />
      <SettingsGate scope="integration">
        <YoutubeSetup />
      </SettingsGate>
    </SectionCard>
  );
}
