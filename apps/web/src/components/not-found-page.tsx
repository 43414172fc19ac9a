import { t } from '../i18n/i18n';
import { Button, Container, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import classes from './not-found-page.module.css';

/** Any path the router does not know. */
export function NotFoundPage() {
  return (
    <Container size="sm" component="main" className={classes.root}>
      <div className={classes.card}>
        <div className={classes.heading}>
          <IconAlertCircle size={32} color="var(--mantine-color-red-5)" aria-hidden />
          <Title order={1} size="h2">
            {t('notFound.title')}
          </Title>
        </div>
        <Text mt="md" c="dimmed">
          {t('notFound.hint')}
        </Text>
        <Button component={Link} to="/" variant="default" mt="xl">
          {t('action.backHome')}
        </Button>
      </div>
    </Container>
  );
}
