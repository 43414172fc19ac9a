import type { YoutubeCaptionsStatus } from '@app/contracts';
import { Alert, Badge, Button, Group, Loader, Switch, Text } from '@mantine/core';
import { IconAlertCircle, IconBrandGoogle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionCard } from '../../shared/components/section-card';
import {
  useRefreshYoutubeCaptions,
  useSwitchYoutubeCaptions,
  useYoutubeCaptions,
} from '../api/youtube-captions';
import { captionsBadge } from '../lib/youtube-captions-labels';
import { YoutubeCaptionsDetails } from './youtube-captions-details';

/** Why YouTube's permission is so broad, and what the site does with it. */
const SCOPE_EXPLANATION =
  'YouTube lets an app download caption tracks only with the permission “See, edit, and permanently delete your ' +
  'YouTube videos, ratings, comments and captions” (youtube.force-ssl), even for your own videos: it has no ' +
  'read-only permission for captions. Turning this on asks Google for it. The site only lists and downloads ' +
  'caption tracks; it never changes, uploads or deletes anything on your channel. Disconnecting the Google ' +
  'account withdraws the permission.';

const ready = (s: YoutubeCaptionsStatus) => s.enabled && s.connection === 'connected' && s.scopeGranted;

/** Turning off deletes what was read: asked first when there is something to delete. */
function ConfirmOff({
  tracks,
  onConfirm,
  onCancel,
}: {
  tracks: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} aria-hidden />}
      data-testid="youtube-captions-confirm-off"
    >
      <Text size="sm">
        Turning it off deletes the {tracks.toLocaleString('en-US')} transcript{tracks === 1 ? '' : 's'} read
        from YouTube (your uploaded files stay). Turning it on again downloads them again, within the daily
        budget.
      </Text>
      <Group gap="sm" mt="xs">
        <Button size="xs" color="red" onClick={onConfirm}>
          Turn off and delete
        </Button>
        <Button size="xs" variant="default" onClick={onCancel}>
          Keep it on
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * "Transcripts from YouTube": the owner's switch, why YouTube's permission is needed, what the import has read and
 * spent of its daily budget, and Refresh. Beside the Google account card, whose connection it reads through.
 */
export function YoutubeCaptionsCard() {
  const { data: status, error } = useYoutubeCaptions();
  const turn = useSwitchYoutubeCaptions();
  const refresh = useRefreshYoutubeCaptions();
  const [confirmOff, setConfirmOff] = useState(false);
  const badge = status ? captionsBadge(status) : null;

  const change = (enabled: boolean) => {
    if (!enabled && (status?.tracks ?? 0) > 0) return setConfirmOff(true);
    setConfirmOff(false);
    turn.mutate(enabled);
  };

  return (
    <SectionCard
      title="Transcripts from YouTube"
      description="Your videos’ captions on their watch pages and in the site search: the site reads the caption tracks of the channel’s videos (YouTube’s automatic ones and those you wrote, in every language) through the Google account connected above, within a daily budget of YouTube quota."
      badge={
        badge ? (
          <Badge color={badge.color} variant="light" size="sm">
            {badge.label}
          </Badge>
        ) : null
      }
    >
      {error ? (
        <Text size="sm" c="red">
          Transcripts from YouTube: not available ({error.message})
        </Text>
      ) : !status ? (
        <Loader size="xs" role="status" aria-label="Loading Transcripts from YouTube" />
      ) : (
        <>
          <Switch
            label="Transcripts from YouTube"
            checked={status.enabled}
            disabled={turn.isPending}
            onChange={(event) => change(event.currentTarget.checked)}
            data-testid="youtube-captions-switch"
          />
          <Text size="xs" c="dimmed" data-testid="youtube-captions-scope">
            {SCOPE_EXPLANATION}
          </Text>
          {confirmOff ? (
            <ConfirmOff
              tracks={status.tracks}
              onConfirm={() => {
                setConfirmOff(false);
                turn.mutate(false);
              }}
              onCancel={() => setConfirmOff(false)}
            />
          ) : null}
          {status.message ? (
            <Alert color="orange" variant="light" data-testid="youtube-captions-message">
              <Text size="sm">{status.message}</Text>
              {status.connection === 'connected' && !status.scopeGranted ? (
                <Button
                  mt="xs"
                  size="xs"
                  leftSection={<IconBrandGoogle size={14} aria-hidden />}
                  onClick={() => turn.mutate(true)}
                  loading={turn.isPending}
                >
                  Grant access on Google
                </Button>
              ) : null}
            </Alert>
          ) : null}
          {status.enabled ? <YoutubeCaptionsDetails status={status} /> : null}
          {status.enabled ? (
            <Group>
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={() => refresh.mutate()}
                loading={refresh.isPending || status.running}
                disabled={!ready(status)}
              >
                Refresh
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
