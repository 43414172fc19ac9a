import { ActionIcon, Container, Group, Text } from '@mantine/core';
import { IconBrandYoutubeFilled, IconShieldLock } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router-dom';
import classes from './public-layout.module.css';

/** Shell of the public pages: the fixed top bar above the page. */
export function PublicLayout() {
  return (
    <>
      <header className={classes.header}>
        <Container size="lg" className={classes.bar}>
          <Link to="/" className={classes.logo} aria-label="Channel home">
            <IconBrandYoutubeFilled size={32} color="var(--mantine-primary-color-filled)" aria-hidden />
            <Text component="span" fw={800} fz="lg">
              Channel
            </Text>
          </Link>
          <Group gap="xs">
            <ActionIcon
              component={Link}
              to="/admin"
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Admin"
            >
              <IconShieldLock size={20} />
            </ActionIcon>
          </Group>
        </Container>
      </header>
      <main className={classes.main}>
        <Outlet />
      </main>
    </>
  );
}
