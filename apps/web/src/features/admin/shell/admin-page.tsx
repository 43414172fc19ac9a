import './admin-styles';
import { Anchor, Button, Container, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useReducer } from 'react';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { TooltipDelays } from '../../../components/tooltip-delays';
import { useLogout } from './logout';
import { AdminErrorBoundary } from './admin-error-boundary';
import classes from './admin-page.module.css';
import { LoginForm } from '../login/login-form';
import { LoadingStatus } from '../shared/components/loading-status';
import { readAdminLocation } from '../shared/lib/admin-location';

// The dashboard is a chunk of its own: the login screen paints without it (on a phone its code doubled the
// screen's script). It is fetched while the session is checked, or as soon as the owner starts on the form.
const loadDashboard = () => import('../dashboard/dashboard');
const Dashboard = lazy(() => loadDashboard().then((m) => ({ default: m.Dashboard })));
/** Fetches the dashboard's chunk and that of the tab it opens on (the URL's) before the owner is signed in. */
export const preloadDashboard = () =>
  void loadDashboard()
    .then(({ preloadTab }) => preloadTab(readAdminLocation(new URLSearchParams(window.location.search)).tab))
    .catch(() => undefined);

/** The page's title, by who is signed in (the server's login page carries the second, prerender-admin.tsx). */
export const ADMIN_TITLES = { signedIn: 'Admin dashboard', signedOut: 'Admin login' } as const;

/**
 * The admin area: it asks who is signed in. A user means the dashboard;
 * no user, or a failed check, means the login screen. Login and logout flip between the two.
 */
export function AdminPage() {
  // Logout clears the whole query cache, which notifies no observer: this re-renders the page.
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const { data: user, isPending } = useCurrentUser();
  const logout = useLogout({ onSignedOut: rerender });
  const signedIn = Boolean(user);
  // A page with the session cookie checks it first: most often it names the owner's session.
  useEffect(() => {
    if (isPending) preloadDashboard();
  }, [isPending]);

  useEffect(() => {
    const previous = document.title;
    document.title = signedIn ? ADMIN_TITLES.signedIn : ADMIN_TITLES.signedOut;
    return () => {
      document.title = previous;
    };
  }, [signedIn]);

  return (
    <TooltipDelays>
      <div className={classes.root}>
        <header className={classes.header}>
          <Group gap="xs" wrap="nowrap">
            <IconShieldLock size={22} color="var(--mantine-primary-color-filled)" aria-hidden />
            <Text fw={700}>Admin</Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Anchor component={Link} to="/" c="dimmed" size="sm" className={classes.back}>
              <IconArrowLeft size={16} aria-hidden />
              Back to site
            </Anchor>
            {user ? (
              <Button
                variant="default"
                size="xs"
                leftSection={<IconLogout size={16} aria-hidden />}
                onClick={() => logout.mutate()}
                loading={logout.isPending}
              >
                Logout
              </Button>
            ) : null}
          </Group>
        </header>
        {isPending ? (
          <Container size="sm" component="main" className={classes.main}>
            <Stack align="center" gap="sm" role="status">
              <Loader size="md" />
              <Text c="dimmed">Checking your session…</Text>
            </Stack>
          </Container>
        ) : user ? (
          <Container size="xl" component="main" className={classes.dashboard}>
            <AdminErrorBoundary>
              <Suspense fallback={<LoadingStatus label="Loading the dashboard" />}>
                <Dashboard username={user.username} />
              </Suspense>
            </AdminErrorBoundary>
          </Container>
        ) : (
          <Container
            size="sm"
            component="main"
            className={classes.main}
            onFocus={preloadDashboard}
            onPointerDown={preloadDashboard}
          >
            <LoginForm />
          </Container>
        )}
      </div>
    </TooltipDelays>
  );
}
