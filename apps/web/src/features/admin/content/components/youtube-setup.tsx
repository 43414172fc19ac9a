import {
  CHANNEL_INPUT_HINT,
  channelUrl,
  FEED_ENTRY_COUNT,
  handleUrl,
  type IntegrationCheck,
  SECRET_MASK,
  YOUTUBE_UNIT_COST,
} from '@app/contracts';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconAlertCircle, IconPlugConnected } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { syncStatusQueryOptions, useSyncStatus } from '../../shared/api/sync-status';
import { useTestIntegration } from '../../shared/api/integration-checks';
import { useLandingField } from '../../shared/hooks/use-landing-field';
import { useSaveSetting, useSetting } from '../../shared/hooks/use-settings';
import { plural } from '../../shared/lib/figures';

/** What the Channel field asks for: with a key anything YouTube knows the channel by; without one, its UC… id. */
export const CHANNEL_HELP = {
  keyed: `Paste ${CHANNEL_INPUT_HINT}.`,
  keyless:
    'Without an API key, paste the channel URL with its UC… id: on YouTube, open your channel → Share → Copy channel ID, or copy the address youtube.com/channel/UC…. An @handle needs the API key.',
} as const;

/** A connection test with a key is one `channels.list`; saving a changed channel with a key looks it up once too. */
const LOOKUP_UNITS = YOUTUBE_UNIT_COST.channels;

/** What Save and test costs, said before it is pressed. */
export const SAVE_AND_TEST_COST = `With an API key, Save and test spends ${plural(LOOKUP_UNITS, 'quota unit')} (${plural(2 * LOOKUP_UNITS, 'unit')} when the channel changes: saving looks it up); without a key, none.`;

/** The extra sentence after a test, when saving the channel looked it up with the key as well. */
export const savedLookupNote = () =>
  `Saving the channel looked it up as well: ${plural(2 * LOOKUP_UNITS, 'quota unit')} in all for Save and test.`;

/**
 * The key and the channel, set here instead of on the server. Save and test stores what changed
 * (the channel is resolved to its UC… id on the server) and runs the real connection test; the card's Sync Now
 * runs the first sync. The channel field lands focused from the checklist (`&field=channel`).
 */
export function YoutubeSetup() {
  const storedKey = useSetting('youtubeApiKey');
  const storedChannel = useSetting('channelId');
  const [apiKey, setApiKey] = useState('');
  const [channel, setChannel] = useState(storedChannel);
  const [check, setCheck] = useState<IntegrationCheck | null>(null);
  const [lookedUp, setLookedUp] = useState(false);
  const [saving, setSaving] = useState(false);
  const { saveAsync } = useSaveSetting();
  const test = useTestIntegration('youtube');
  const status = useSyncStatus();
  const queryClient = useQueryClient();
  const channelRef = useLandingField<HTMLInputElement>('channel');
  const typedKey = apiKey.trim() !== '' && apiKey !== SECRET_MASK;
  const keyed = Boolean(storedKey) || typedKey;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setCheck(null);
    setLookedUp(false);
    try {
      if (typedKey) {
        await saveAsync({
          key: 'youtubeApiKey',
          value: apiKey.trim(),
          label: 'YouTube API key',
          quiet: true,
        });
        setApiKey('');
      }
      if (channel.trim() !== storedChannel) {
        const saved = await saveAsync({
          key: 'channelId',
          value: channel.trim(),
          label: 'Channel',
          quiet: true,
        });
        setChannel(saved.value as string);
        setLookedUp(keyed && channel.trim() !== '');
      }
      setCheck(await test.mutateAsync());
    } catch {
      // The failed save's toast says what was wrong; nothing else to do.
    } finally {
      setSaving(false);
      // The card's badge and Sync Now follow what is set now.
      void queryClient.invalidateQueries({ queryKey: syncStatusQueryOptions().queryKey });
    }
  };

  const neverSynced = status.data ? status.data.lastRun === null : false;
  return (
    <Stack gap="sm" component="form" onSubmit={(event) => void submit(event)} aria-label="YouTube set-up">
      <Group grow align="flex-start" gap="sm">
        <PasswordInput
          label="YouTube API key"
          description={
            storedKey
              ? 'A key is saved (not shown). Type a new one to replace it.'
              : 'Optional: without a key the site shows the newest 15 videos from the channel feed.'
          }
          placeholder={storedKey ? SECRET_MASK : 'AIza…'}
          value={apiKey}
          onChange={(e) => setApiKey(e.currentTarget.value)}
          autoComplete="new-password"
          data-setting="youtubeApiKey"
        />
        <TextInput
          ref={channelRef}
          label="Channel"
          description={keyed ? CHANNEL_HELP.keyed : CHANNEL_HELP.keyless}
          placeholder={keyed ? handleUrl('@yourchannel') : `${channelUrl('')}UC…`}
          value={channel}
          onChange={(e) => setChannel(e.currentTarget.value)}
          spellCheck={false}
          data-setting="channelId"
        />
      </Group>
      {storedKey ? null : (
        <Text size="sm" c="dimmed" data-testid="feed-mode-note">
          Feed mode: without an API key the sync reads the channel’s public feed, free of quota. It lists only
          the newest {FEED_ENTRY_COUNT} videos, and no durations or playlists (they show as unknown). An API
          key brings the full history, durations and playlists: the next sync fills them in.
        </Text>
      )}
      <Group gap="sm">
        <Button
          type="submit"
          variant="light"
          loading={saving}
          leftSection={<IconPlugConnected size={16} aria-hidden />}
        >
          Save and test
        </Button>
        <Text size="xs" c="dimmed" data-testid="youtube-setup-cost" style={{ flex: 1, minWidth: 200 }}>
          {SAVE_AND_TEST_COST}
        </Text>
      </Group>
      {check ? (
        <Alert
          color={check.ok ? 'green' : 'red'}
          icon={
            check.ok ? <IconCircleCheck size={18} aria-hidden /> : <IconAlertCircle size={18} aria-hidden />
          }
          data-testid="youtube-setup-result"
        >
          <Text size="sm">{check.message}</Text>
          {lookedUp ? <Text size="sm">{savedLookupNote()}</Text> : null}
          {check.ok && neverSynced ? (
            <Text size="sm" fw={600}>
              Next: Sync Now, above, runs the first sync.
            </Text>
          ) : null}
        </Alert>
      ) : null}
    </Stack>
  );
}
