import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNewsletterSummary } from '../../shared/api/newsletter-summary';
import { useDeleteSubscriber, useExportSubscribers } from '../api/newsletter';
import { SectionCard } from '../../shared/components/section-card';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/**
 * The newsletter's sign-ups: how many, how many wait for Mailchimp, the list as CSV, and deleting
 * one address on request (after a confirmation).
 */
export function NewsletterPanel() {
  const summary = useNewsletterSummary();
  const exportCsv = useExportSubscribers();
  const remove = useDeleteSubscriber();
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState(false);

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) setConfirming(true);
  };
  const confirm = () =>
    remove.mutate(email, {
      onSuccess: () => setEmail(''),
      onSettled: () => setConfirming(false),
    });

  const data = summary.data;
  const where = !data
    ? ''
    : data.provider === 'mailchimp'
      ? 'New sign-ups are kept here and added to your Mailchimp audience with double opt-in.'
      : 'New sign-ups are kept in the site’s own list (set a Mailchimp API key and audience id to send them to Mailchimp).';
  const optIn = !data
    ? ''
    : data.optIn === 'email'
      ? 'Each new sign-up gets an e-mail with a confirmation link; it counts once confirmed (unconfirmed ones are deleted after 72 hours).'
      : data.optIn === 'none'
        ? 'The list is unconfirmed: without an SMTP server, sign-ups are stored without confirmation, so anyone can add any address. Set an SMTP server under Integrations → Notifications to confirm each address by e-mail.'
        : '';

  return (
    <SectionCard
      title="Newsletter"
      description="Sign-ups from the Subscribe button of the community section."
    >
      {summary.isError ? (
        <Text c="red" size="sm">
          Could not load the subscribers: {summary.error.message}
        </Text>
      ) : (
        <>
          <SimpleGrid cols={3} maw={630}>
            <Figure
              label="Subscribers"
              value={data ? String(data.subscribers) : '…'}
              testId="newsletter-subscribers"
            />
            <Figure
              label="Waiting for Mailchimp"
              value={data ? String(data.pendingSync) : '…'}
              testId="newsletter-pending"
            />
            <Figure
              label="Waiting for confirmation"
              value={data ? String(data.pendingConfirmation) : '…'}
              testId="newsletter-pending-confirmation"
            />
          </SimpleGrid>
          {where ? (
            <Text size="sm" c="dimmed">
              {where}
            </Text>
          ) : null}
          {optIn ? (
            <Text size="sm" c={data?.optIn === 'none' ? 'orange' : 'dimmed'} data-testid="newsletter-opt-in">
              {optIn}
            </Text>
          ) : null}
        </>
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exportCsv.isPending}
          onClick={() => exportCsv.mutate()}
        >
          Download CSV
        </Button>
      </Group>
      <form onSubmit={ask} aria-label="Delete a subscriber">
        <Group align="flex-end">
          <TextInput
            label="Delete an address (privacy request)"
            type="email"
            placeholder="reader@example.com"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button
            type="submit"
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            disabled={!email.trim()}
          >
            Delete
          </Button>
        </Group>
      </form>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Delete this subscriber?"
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
      >
        <Stack>
          <Text size="sm">
            {email.trim()} will be removed from the list for good
            {data?.provider === 'mailchimp' ? ', and deleted permanently from your Mailchimp audience' : ''}.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={confirm}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}
