import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import { Anchor, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../auth/api/get-current-user';
import classes from './admin-page.module.css';

/**
 * The admin area: it asks who is signed in (SPEC §2, admin flow). A user means the dashboard;
 * no user, or a failed check, means the login screen.
 */
export function AdminPage() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <div className={classes.root}>
      <header className={classes.header}>
        <Group gap="xs">
          <IconShieldLock size={22} color="var(--mantine-primary-color-filled)" aria-hidden />
          <Text fw={700}>Admin</Text>
        </Group>
        <Anchor component={Link} to="/" c="dimmed" size="sm" className={classes.back}>
          <IconArrowLeft size={16} aria-hidden />
          Back to site
        </Anchor>
      </header>
      <Container size="sm" component="main" className={classes.main}>
        {isPending ? (
          <Stack align="center" gap="sm" role="status">
            <Loader size="md" />
            <Text c="dimmed">Checking your session…</Text>
          </Stack>
        ) : user ? (
          <Paper withBorder p="xl" radius="lg">
            <Title order={1} size="h2">
              Admin dashboard
            </Title>
            <Text mt="sm" c="dimmed">
              Signed in as {user.username}.
            </Text>
          </Paper>
        ) : (
          <Paper withBorder p="xl" radius="lg">
            <Title order={1} size="h2">
              Admin login
            </Title>
            <Text mt="sm" c="dimmed">
              You are not signed in. The sign-in form is not available in this version yet.
            </Text>
          </Paper>
        )}
      </Container>
    </div>
  );
}
