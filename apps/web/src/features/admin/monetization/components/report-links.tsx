import type { Sponsorship, SponsorReportLink } from '@app/contracts';
import { ActionIcon, Anchor, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { replaceToast } from '../../../../lib/toast';
import { ConfirmModal } from '../../shared/components/confirm-modal';
import { useCreateReportLink, useReportLinks, useRevokeReportLink } from '../api/sponsor-report-links';

const day = (iso: string) => iso.slice(0, 10);

async function copy(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    replaceToast({ title: 'Copied to clipboard', description: url });
  } catch {
    // No clipboard (an insecure origin, or refused): the link is there to select.
    window.prompt('Copy the report link', url);
  }
}

function LinkRow({ link, onRevoke }: { link: SponsorReportLink; onRevoke: () => void }) {
  if (link.url === null) {
    return (
      <Text size="xs" c="dimmed" data-testid="report-link">
        Link made {day(link.createdAt)}, revoked {day(link.revokedAt ?? link.createdAt)}
      </Text>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" data-testid="report-link">
      <Anchor
        href={link.url}
        target="_blank"
        rel="noopener noreferrer"
        size="xs"
        style={{ overflowWrap: 'anywhere' }}
      >
        {link.url}
      </Anchor>
      <Tooltip label="Copy link">
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => void copy(link.url!)}
          aria-label="Copy report link"
        >
          <IconCopy size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Revoke link">
        <ActionIcon variant="subtle" color="red" onClick={onRevoke} aria-label="Revoke report link">
          <IconLinkOff size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/**
 * A deal's sponsor report links: make one (an unguessable address the brand opens without signing in), copy it,
 * revoke it (after a confirmation; it answers "revoked" from then on). The list loads once the owner opens it.
 */
export function ReportLinks({ deal }: { deal: Sponsorship }) {
  const [open, setOpen] = useState(false);
  const [revoking, setRevoking] = useState<SponsorReportLink | null>(null);
  const links = useReportLinks(deal.id, open);
  const create = useCreateReportLink(deal.id);
  const revoke = useRevokeReportLink(deal.id);
  if (!open) {
    return (
      <Button
        variant="subtle"
        size="compact-xs"
        onClick={() => setOpen(true)}
        aria-label={`Report links of ${deal.sponsorName}`}
      >
        Report links
      </Button>
    );
  }
  const list = links.data?.links ?? [];
  return (
    <Stack gap={6} mt={4} aria-label={`Report links of ${deal.sponsorName}`} role="group">
      <Group gap="xs">
        <Text size="xs" fw={600}>
          Sponsor report
        </Text>
        <Button size="compact-xs" variant="light" onClick={() => create.mutate()} loading={create.isPending}>
          Create report link
        </Button>
      </Group>
      {deal.videoIds.length === 0 ? (
        <Text size="xs" c="dimmed">
          Name the sponsored videos (Edit) for the report to show their figures.
        </Text>
      ) : null}
      {links.isPending ? (
        <Text size="xs" c="dimmed">
          Loading…
        </Text>
      ) : links.isError ? (
        <Text size="xs" c="red.4">
          The links could not be loaded ({links.error.message}).
        </Text>
      ) : list.length === 0 ? (
        <Text size="xs" c="dimmed">
          No report link yet: the report is private until you make one.
        </Text>
      ) : (
        list.map((link) => <LinkRow key={link.id} link={link} onRevoke={() => setRevoking(link)} />)
      )}
      <ConfirmModal
        opened={revoking !== null}
        title="Revoke this report link?"
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) })}
        onCancel={() => setRevoking(null)}
      >
        <Text size="sm">
          Whoever has it sees “This report link was revoked” from now on. A revoked link cannot be turned back
          on: make a new one to share the report again.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
