import type { Sponsorship } from '@app/contracts';
import { ActionIcon, Anchor, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { formatUsd } from '../../shared/lib/figures';
import { useVideoTitles } from '../api/deal-videos';
import { ReportLinks } from './report-links';

/** One recorded deal: its sponsor, amount, days and link, the videos it names, its report links, edit and delete. */
export function DealRow({
  deal,
  onEdit,
  onDelete,
}: {
  deal: Sponsorship;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const titles = useVideoTitles(deal.videoIds);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="sponsorship">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{deal.sponsorName}</Text>
            <Text fw={600} c="teal.4">
              {formatUsd(deal.amountUsd)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {deal.startDate} to {deal.endDate} ·{' '}
            <Anchor href={deal.url} target="_blank" rel="noopener noreferrer" size="xs" underline="always">
              {deal.url}
            </Anchor>
          </Text>
          {deal.message ? (
            <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
              {deal.message}
            </Text>
          ) : null}
          {deal.videoIds.length ? (
            <Text size="xs" mt={4} data-testid="sponsorship-videos">
              Videos: {deal.videoIds.map((id) => titles.get(id) ?? id).join(' · ')}
            </Text>
          ) : null}
          <ReportLinks deal={deal} />
        </div>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Edit sponsorship">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={onEdit}
              aria-label={`Edit ${deal.sponsorName}`}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete sponsorship">
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={onDelete}
              aria-label={`Delete ${deal.sponsorName}`}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
