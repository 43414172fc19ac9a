import type { AdminSession } from '@app/contracts';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconLogout } from '@tabler/icons-react';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/security';
import { SectionCard } from '../../shared/components/section-card';
import { LoadingStatus } from '../../shared/components/loading-status';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The admin's signed-in sessions: sign out one, or every other. */
export function SessionsPanel() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <SectionCard
      title="Signed-in sessions"
      description="Each browser signed in to the dashboard. A session ends 24 hours after sign-in."
      actions={
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          disabled={others === 0}
          loading={revokeOthers.isPending}
          onClick={() => revokeOthers.mutate(undefined)}
        >
          Sign out everywhere else
        </Button>
      }
    >
      {sessions.isError ? (
        <Text size="sm" c="red">
          {sessions.error.message}
        </Text>
      ) : sessions.isPending ? (
        <LoadingStatus label="Loading sessions" py="sm" />
      ) : (
        // A list (a labelled `div` without a role is not named: axe's aria-prohibited-attr, serious when empty).
        <Stack gap="sm" role="list" aria-label="Sessions">
          {list.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

function SessionRow({ session }: { session: AdminSession }) {
  const revoke = useRevokeSession();
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      data-testid="session"
      role="listitem"
      aria-label={`${session.device}${session.current ? ' (this session)' : ''}`}
    >
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <IconDeviceDesktop size={20} aria-hidden />
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {session.device}
            </Text>
            {session.current ? (
              <Badge size="sm" color="green" variant="light">
                This session
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            From {session.ipPrefix} · signed in {when(session.signedInAt)} · last seen{' '}
            {when(session.lastSeenAt)}
          </Text>
        </div>
      </Group>
      {session.current ? null : (
        <Button
          size="xs"
          variant="default"
          loading={revoke.isPending}
          onClick={() => revoke.mutate(session.id)}
          aria-label={`Sign out ${session.device}`}
        >
          Sign out
        </Button>
      )}
    </Group>
  );
}
