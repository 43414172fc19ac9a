import { Button, Group, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { replaceToast } from '../../../../lib/toast';
import { useSendTestEmail, useWeeklySummary } from '../api/email-notifications';

const dateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const utc = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

/** The weekly summary's schedule (`on`: its switch, as just saved) and how its last e-mail went. */
function WeeklySummaryLine({ on }: { on: boolean }) {
  const { data } = useWeeklySummary();
  if (!data) return null;
  const last = data.lastRun;
  return (
    <Stack gap={2} data-testid="weekly-summary-status">
      <Text size="xs" c="dimmed">
        The weekly summary goes out on Mondays at 08:00 UTC
        {on ? `; next: ${utc(data.nextAt)}.` : ' when switched on.'}
      </Text>
      {last ? (
        <Text size="xs" c={last.outcome === 'failed' ? 'red' : 'dimmed'}>
          Last summary ({last.week}):{' '}
          {last.outcome === 'sent'
            ? `sent to ${last.recipient} on ${utc(last.finishedAt ?? last.startedAt)}`
            : last.outcome === 'running'
              ? 'sending now'
              : `failed on ${utc(last.finishedAt ?? last.startedAt)}${last.error ? `: ${last.error}` : ''}`}
          {last.attempts > 1 ? ` (${last.attempts} tries)` : ''}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Send a test e-mail (a real message to the notification address), and the weekly summary's status. */
export function EmailActions({ weeklySummary }: { weeklySummary: boolean }) {
  const { mutate, isPending } = useSendTestEmail();
  const send = () =>
    mutate(undefined, {
      onSuccess: (result) =>
        result.ok
          ? replaceToast({ title: 'Test e-mail sent', description: result.message })
          : replaceToast({
              title: 'Test e-mail failed',
              description: result.message,
              variant: 'destructive',
            }),
      onError: (error) =>
        replaceToast({ title: 'Test e-mail failed', description: error.message, variant: 'destructive' }),
    });
  return (
    <Stack gap="xs">
      <Group>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconMailForward size={16} />}
          onClick={send}
          loading={isPending}
        >
          Send a test e-mail
        </Button>
      </Group>
      <WeeklySummaryLine on={weeklySummary} />
    </Stack>
  );
}
