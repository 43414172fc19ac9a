import type { NewsletterSubscribeResult } from '@app/contracts';
import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { HttpError } from '../../../lib/api-client';
import { useSubscribeNewsletter } from '../api/subscribe';
import classes from './newsletter-dialog.module.css';

/** The heading of each answer; the API's message says the rest. */
export const RESULT_TITLES: Record<NewsletterSubscribeResult['status'], string> = {
  subscribed: 'You are subscribed',
  confirm: 'Check your inbox',
};

interface Failure {
  /** Shown under the field (the address itself is the problem). */
  field?: string;
  alert?: { title: string; text: string };
}

/** What a failed sign-up tells the visitor: 400 under the field, 429 and the rest in an alert. */
export function describeFailure(error: Error): Failure {
  if (error instanceof HttpError && error.status === 400) {
    const detail = error.detail.replace(/^email: /, '');
    return { field: /^must be an e-mail address/.test(detail) ? 'Enter a valid e-mail address' : detail };
  }
  if (error instanceof HttpError && error.status === 429) {
    return { alert: { title: 'Too many attempts', text: error.detail } };
  }
  return {
    alert: {
      title: 'Sign-up failed',
      text: `Your address could not be saved, please try again later (${error.message}).`,
    },
  };
}

/**
 * The Subscribe form of the community section's Newsletter card: an e-mail address (and a honeypot field
 * people never see), sent to `POST /api/newsletter/subscribe`; the answer replaces the form.
 */
export function NewsletterDialog({
  opened,
  onClose,
  title,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
}) {
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const subscribe = useSubscribeNewsletter();
  const failure = subscribe.error ? describeFailure(subscribe.error) : null;
  const result = subscribe.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    subscribe.mutate({ email, ...(website ? { website } : {}) });
  };
  const close = () => {
    onClose();
    if (result) {
      subscribe.reset();
      setEmail('');
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Subscribe: ${title}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {result ? (
        <Stack gap="md" role="status">
          <Alert
            color="green"
            title={RESULT_TITLES[result.status]}
            icon={result.status === 'confirm' ? <IconMailCheck /> : <IconCircleCheck />}
          >
            {result.message}
          </Alert>
          <Button onClick={close} variant="default">
            Close
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Newsletter sign-up">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Get new videos and news by e-mail. You can unsubscribe at any time.
            </Text>
            <TextInput
              label="E-mail address"
              type="email"
              name="email"
              autoComplete="email"
              placeholder="you@example.com"
              required
              data-autofocus
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={failure?.field}
            />
            <div className={classes.honeypot} aria-hidden="true">
              <label>
                Website
                <input
                  type="text"
                  name="website"
                  tabIndex={-1}
                  autoComplete="off"
                  value={website}
                  onChange={(event) => setWebsite(event.currentTarget.value)}
                />
              </label>
            </div>
            {failure?.alert ? (
              <Alert color="red" title={failure.alert.title} icon={<IconAlertTriangle />} role="alert">
                {failure.alert.text}
              </Alert>
            ) : null}
            <Button type="submit" loading={subscribe.isPending}>
              Subscribe
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
