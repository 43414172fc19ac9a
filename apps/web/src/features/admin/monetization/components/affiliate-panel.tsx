import type { AffiliateProgram } from '@app/contracts';
import {
  ActionIcon,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { replaceToast } from '../../../../lib/toast';
import { useSaveSetting, useSetting } from '../../shared/hooks/use-settings';
import {
  affiliateProgramFromForm,
  buildTrackingLink,
  DEFAULT_UTM_PARAMS,
  emptyAffiliateForm,
  isAffiliateFormComplete,
} from '../lib/affiliate-link';
import { copyText } from '../../shared/lib/clipboard';
import { SectionCard } from '../../shared/components/section-card';

function ProgramRow({
  program,
  onRemove,
  busy,
}: {
  program: AffiliateProgram;
  onRemove: () => void;
  busy: boolean;
}) {
  const link = buildTrackingLink(program.baseUrl, program.utmParams) ?? program.baseUrl;
  const copy = async () => {
    if (await copyText(link)) replaceToast({ title: 'Copied to clipboard', description: link });
    else
      replaceToast({
        title: 'Copy failed',
        description: 'Select the link and copy it by hand',
        variant: 'destructive',
      });
  };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="affiliate-program">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{program.name}</Text>
          <Text size="xs" c="dimmed">
            source {program.utmParams.source} · medium {program.utmParams.medium} · campaign{' '}
            {program.utmParams.campaign}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Copy tracking link">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={() => void copy()}
              aria-label={`Copy tracking link of ${program.name}`}
            >
              <IconCopy size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Remove program">
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={onRemove}
              disabled={busy}
              aria-label={`Remove ${program.name}`}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Code
        block
        mt="xs"
        data-testid="tracking-link"
        style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
      >
        {link}
      </Code>
    </Paper>
  );
}

/** Name and base URL required; UTM source and campaign have defaults; medium is `referral`. */
export function AffiliatePanel() {
  const programs = useSetting('affiliatePrograms');
  const { saveAsync } = useSaveSetting();
  const [form, setForm] = useState(emptyAffiliateForm);
  const [busy, setBusy] = useState(false);

  const saveList = async (next: AffiliateProgram[], description: string) => {
    setBusy(true);
    try {
      await saveAsync({ key: 'affiliatePrograms', value: next, label: 'Affiliate programs', description });
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isAffiliateFormComplete(form)) {
      replaceToast({
        title: 'Missing information',
        description: 'Please fill in the program name and base URL',
        variant: 'destructive',
      });
      return;
    }
    const program = affiliateProgramFromForm(
      form,
      programs.map((p) => p.id),
    );
    if (await saveList([...programs, program], `${program.name} added`)) setForm(emptyAffiliateForm());
  };

  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setForm((current) => ({ ...current, [name]: value }));
    },
  });

  const preview = buildTrackingLink(form.baseUrl, { source: form.utmSource, campaign: form.utmCampaign });

  return (
    <Stack gap="lg">
      <SectionCard
        title="Add affiliate program"
        description={`Links get UTM parameters: source and campaign as you choose, medium ${DEFAULT_UTM_PARAMS.medium}.`}
      >
        <form onSubmit={(event) => void add(event)} noValidate aria-label="Add affiliate program">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Program name"
                placeholder="Amazon Associates"
                withAsterisk
                {...field('name')}
              />
              <TextInput
                label="Base URL"
                type="url"
                placeholder="https://example.com/product"
                withAsterisk
                {...field('baseUrl')}
              />
              <TextInput
                label="UTM source"
                description={`Empty means ${DEFAULT_UTM_PARAMS.source}`}
                {...field('utmSource')}
              />
              <TextInput
                label="UTM campaign"
                description={`Empty means ${DEFAULT_UTM_PARAMS.campaign}`}
                {...field('utmCampaign')}
              />
            </SimpleGrid>
            <TextInput label="UTM medium" value={DEFAULT_UTM_PARAMS.medium} readOnly />
            {preview ? (
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                Tracking link: {preview}
              </Text>
            ) : null}
            <Group>
              <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={busy}>
                Add Program
              </Button>
            </Group>
          </Stack>
        </form>
      </SectionCard>
      <SectionCard
        title="Affiliate programs"
        description={programs.length ? undefined : 'No programs yet. Add one above.'}
      >
        {programs.length ? (
          <Stack gap="sm">
            {programs.map((program) => (
              <ProgramRow
                key={program.id}
                program={program}
                busy={busy}
                onRemove={() =>
                  void saveList(
                    programs.filter((p) => p.id !== program.id),
                    `${program.name} removed`,
                  )
                }
              />
            ))}
          </Stack>
        ) : null}
      </SectionCard>
    </Stack>
  );
}
