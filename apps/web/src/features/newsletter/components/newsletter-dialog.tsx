import { t, type MessageKey } from '../../../i18n/i18n';
import type { NewsletterSubscribeResult } from '@app/contracts';
import { VISITOR_ERROR_CODES } from '@app/contracts/error-codes';
import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { HttpError } from '../../../lib/api-client';
import { useSubscribeNewsletter } from '../api/subscribe';
import classes from './newsletter-dialog.module.css';

/** The heading of each answer. */
const RESULT_TITLES: Record<NewsletterSubscribeResult['status'], MessageKey> = {
  subscribed: 'newsletter.subscribed',
  confirm: 'newsletter.confirm',
};

/** The rest of each answer, by the API's code, in the site's language (issue 26). */
const RESULT_TEXTS: Record<NewsletterSubscribeResult['code'], MessageKey> = {
  subscribed: 'newsletter.message.subscribed',
  confirm: 'newsletter.message.confirm',
  confirmLater: 'newsletter.message.confirmLater',
};

/** The answer's text: its code's words, or the API's message for a code this page does not know. */
export function resultText(result: NewsletterSubscribeResult): string {
  const key = RESULT_TEXTS[result.code] as MessageKey | undefined;
  return key ? t(key) : result.message;
}

/** An error the API names (`code`) in the site's words; else its message as it was given. */
function errorText(error: HttpError, fallback: string): string {
  const { code, values } = error.coded ?? {};
  if (code === VISITOR_ERROR_CODES.newsletterThrottled && typeof values?.minutes === 'number')
    return t('newsletter.tooManyText', { minutes: values.minutes });
  if (code === VISITOR_ERROR_CODES.newsletterRefused && typeof values?.reason === 'string')
    return t('newsletter.refused', { reason: values.reason });
  return fallback;
}

interface Failure {
  /** Shown under the field (the address itself is the problem). */
  field?: string;
  alert?: { title: string; text: string };
}

/** What a failed sign-up tells the visitor: 400 under the field, 429 and the rest in an alert. */
export function describeFailure(error: Error): Failure {
  if (error instanceof HttpError && error.status === 400) {
    const detail = error.detail.replace(/^email: /, '');
    return {
      field: /^must be an e-mail address/.test(detail)
        ? t('newsletter.invalidEmail')
        : errorText(error, detail),
    };
  }
  if (error instanceof HttpError && error.status === 429) {
    return { alert: { title: t('newsletter.tooMany'), text: errorText(error, error.detail) } };
  }
  return {
    alert: {
      title: t('newsletter.failed'),
      text: t('newsletter.failedText', { error: error.message }),
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
      title={t('newsletter.title', { title })}
      centered
      closeButtonProps={{ 'aria-label': t('action.close') }}
    >
      {result ? (
        <Stack gap="md" role="status">
          <Alert
            color="green"
            title={t(RESULT_TITLES[result.status])}
            icon={result.status === 'confirm' ? <IconMailCheck /> : <IconCircleCheck />}
          >
            {resultText(result)}
          </Alert>
          <Button onClick={close} variant="default">
            {t('action.close')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('newsletter.form')}>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('newsletter.intro')}
            </Text>
            <TextInput
              label={t('newsletter.email')}
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
              {t('action.subscribe')}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
