import { maxLengthOf, type Sponsorship, type SponsorshipInput, sponsorshipInputSchema } from '@app/contracts';
import { Button, Group, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { replaceToast } from '../../../../lib/toast';
import { useDeleteSponsorship, useSaveSponsorship, useSponsorships } from '../api/sponsorships';
import { formatUsd } from '../../shared/lib/figures';
import { ConfirmModal } from '../../shared/components/confirm-modal';
import { SectionCard } from '../../shared/components/section-card';
import { DealRow } from './deal-row';
import { DealVideoPicker } from './deal-video-picker';

interface SponsorshipForm {
  sponsorName: string;
  url: string;
  message: string;
  amountUsd: number | string;
  startDate: string;
  endDate: string;
  videoIds: string[];
}

const emptyForm: SponsorshipForm = {
  sponsorName: '',
  url: '',
  message: '',
  amountUsd: '',
  startDate: '',
  endDate: '',
  videoIds: [],
};

const toForm = (deal: Sponsorship): SponsorshipForm => ({
  sponsorName: deal.sponsorName,
  url: deal.url,
  message: deal.message,
  amountUsd: deal.amountUsd,
  startDate: deal.startDate,
  endDate: deal.endDate,
  videoIds: deal.videoIds,
});

/** What the API needs; the API names any field it refuses (the failure toast shows its message). */
function toInput(form: SponsorshipForm): SponsorshipInput {
  return {
    sponsorName: form.sponsorName.trim(),
    url: form.url.trim(),
    message: form.message,
    amountUsd: typeof form.amountUsd === 'number' ? form.amountUsd : Number(form.amountUsd),
    startDate: form.startDate,
    endDate: form.endDate,
    videoIds: form.videoIds,
  };
}

const isComplete = (form: SponsorshipForm) =>
  !!form.sponsorName.trim() &&
  !!form.url.trim() &&
  form.amountUsd !== '' &&
  !!form.startDate &&
  !!form.endDate;

/**
 * The sponsor form (name, URL, message) with the deal's amount in USD, its first and last day and the videos it
 * sponsors: it saves deals, lists them with their report links, edits and deletes them (after a confirmation).
 */
export function SponsorshipsPanel() {
  const { data, isPending, isError, error } = useSponsorships();
  const save = useSaveSponsorship();
  const remove = useDeleteSponsorship();
  const [form, setForm] = useState<SponsorshipForm>(emptyForm);
  const [editing, setEditing] = useState<number | undefined>(undefined);
  const [deleting, setDeleting] = useState<Sponsorship | null>(null);

  const field = (key: Exclude<keyof SponsorshipForm, 'amountUsd' | 'videoIds'>) => ({
    value: form[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setForm((current) => ({ ...current, [key]: value }));
    },
  });

  const reset = () => {
    setForm(emptyForm);
    setEditing(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isComplete(form)) {
      replaceToast({
        title: 'Missing information',
        description: 'Please fill in the sponsor name, URL, amount, start and end date',
        variant: 'destructive',
      });
      return;
    }
    save.mutate({ input: toInput(form), id: editing }, { onSuccess: reset });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const id = deleting.id;
    remove.mutate(id, {
      onSettled: () => setDeleting(null),
      onSuccess: () => {
        if (editing === id) reset();
      },
    });
  };

  const deals = data?.sponsorships ?? [];
  return (
    <Stack gap="lg">
      <SectionCard
        title="Sponsorships"
        description="Record a sponsor deal: the revenue cards count its amount spread evenly over its days."
      >
        <form onSubmit={submit} aria-label={editing === undefined ? 'New sponsorship' : 'Edit sponsorship'}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Sponsor name"
                placeholder="Acme Tools"
                autoComplete="off"
                maxLength={maxLengthOf(sponsorshipInputSchema.shape.sponsorName)}
                {...field('sponsorName')}
              />
              <TextInput
                label="Sponsor URL"
                type="url"
                placeholder="https://example.com"
                autoComplete="off"
                {...field('url')}
              />
            </SimpleGrid>
            <Textarea
              label="Sponsor message"
              placeholder="This video is sponsored by…"
              autosize
              minRows={3}
              maxLength={maxLengthOf(sponsorshipInputSchema.shape.message)}
              {...field('message')}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <NumberInput
                label="Amount (USD)"
                placeholder="500.00"
                min={0}
                decimalScale={2}
                prefix="$"
                thousandSeparator=","
                value={form.amountUsd}
                onChange={(value) => setForm((current) => ({ ...current, amountUsd: value }))}
              />
              <TextInput label="Start date" type="date" {...field('startDate')} />
              <TextInput label="End date" type="date" {...field('endDate')} />
            </SimpleGrid>
            <DealVideoPicker
              value={form.videoIds}
              onChange={(videoIds) => setForm((current) => ({ ...current, videoIds }))}
            />
            <Group justify="flex-end" gap="sm">
              {editing !== undefined ? (
                <Button variant="default" onClick={reset} disabled={save.isPending}>
                  Cancel
                </Button>
              ) : null}
              <Button type="submit" loading={save.isPending}>
                {editing === undefined ? 'Add Sponsorship' : 'Save Changes'}
              </Button>
            </Group>
          </Stack>
        </form>
      </SectionCard>
      <SectionCard title="Deals" description="The latest start first.">
        {isPending ? (
          <Text size="sm" c="dimmed">
            Loading…
          </Text>
        ) : isError ? (
          <Text size="sm" c="red.4">
            The deals could not be loaded ({error.message}).
          </Text>
        ) : deals.length === 0 ? (
          <Text size="sm" c="dimmed">
            No sponsorships recorded yet.
          </Text>
        ) : (
          deals.map((deal) => (
            <DealRow
              key={deal.id}
              deal={deal}
              onEdit={() => {
                setEditing(deal.id);
                setForm(toForm(deal));
              }}
              onDelete={() => setDeleting(deal)}
            />
          ))
        )}
      </SectionCard>
      <ConfirmModal
        opened={deleting !== null}
        title="Delete this sponsorship?"
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? (
          <Text size="sm">
            {deleting.sponsorName}, {formatUsd(deleting.amountUsd)} from {deleting.startDate} to{' '}
            {deleting.endDate}, is removed for good.
          </Text>
        ) : null}
      </ConfirmModal>
    </Stack>
  );
}
