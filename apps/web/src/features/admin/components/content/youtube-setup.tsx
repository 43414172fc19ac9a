import {
  CHANNEL_INPUT_HINT,
  FEED_ENTRY_COUNT,
  handleUrl,
  type IntegrationCheck,
  SECRET_MASK,
} from '@app/contracts';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconAlertCircle, IconPlugConnected } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useSyncStatus, useSyncYoutube } from '../../api/sync-youtube';
import { useTestIntegration } from '../../api/integration-checks';
import { useSaveSetting, useSetting } from '../../hooks/use-settings';

/**
 * The key and the channel, set here instead of on the server (issue 24). Save and test stores what changed
 * (the channel is resolved to its UC… id on the server), runs the real connection test and, when it passes
 * before any sync, offers the first sync.
 */
export function YoutubeSetup() {
  const storedKey = useSetting('youtubeApiKey');
  const storedChannel = useSetting('channelId');
  const [apiKey, setApiKey] = useState('');
  const [channel, setChannel] = useState(storedChannel);
  const [check, setCheck] = useState<IntegrationCheck | null>(null);
  const [saving, setSaving] = useState(false);
  const { saveAsync } = useSaveSetting();
  const test = useTestIntegration('youtube');
  const sync = useSyncYoutube();
  const status = useSyncStatus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setCheck(null);
    try {
      if (apiKey.trim() !== '' && apiKey !== SECRET_MASK) {
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
      }
      setCheck(await test.mutateAsync());
    } catch {
      // The failed save's toast says what was wrong; nothing else to do.
    } finally {
      setSaving(false);
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
          label="Channel"
          description={`Paste ${CHANNEL_INPUT_HINT}.`}
          placeholder={handleUrl('@yourchannel')}
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
        {check?.ok && neverSynced ? (
          <Button onClick={() => sync.mutate()} loading={sync.isPending}>
            Run the first sync
          </Button>
        ) : null}
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
        </Alert>
      ) : null}
    </Stack>
  );
}
