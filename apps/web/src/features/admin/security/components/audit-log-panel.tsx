import {
  AUDIT_RETENTION_DAYS,
  auditActionLabels,
  auditActions,
  type AuditAction,
  type AuditQuery,
} from '@app/contracts';
import { Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { initialAuditFilters, useAuditLog, useExportAuditLog } from '../api/security';
import { SectionCard } from '../../shared/components/section-card';

const actionOptions = [
  { value: '', label: 'All actions' },
  ...auditActions.map((a) => ({ value: a, label: auditActionLabels[a] })),
];

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** The audit log: filtered by action and days, 50 entries at a time, exported as CSV. */
export function AuditLogPanel() {
  const [filters, setFilters] = useState<AuditQuery>(initialAuditFilters);
  const log = useAuditLog(filters);
  const exportLog = useExportAuditLog();
  const events = log.data?.pages.flatMap((p) => p.events) ?? [];
  const set = (patch: Partial<AuditQuery>) =>
    setFilters((current) => {
      const next = { ...current, ...patch };
      for (const key of Object.keys(next) as (keyof AuditQuery)[]) if (!next[key]) delete next[key];
      return next;
    });

  return (
    <SectionCard
      title="Audit log"
      description={`Sign-ins, security changes, settings, backups, syncs and subscriber deletions, kept ${AUDIT_RETENTION_DAYS} days.`}
      actions={
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exportLog.isPending}
          onClick={() => exportLog.mutate(filters)}
        >
          Export CSV
        </Button>
      }
    >
      <Group gap="sm" align="flex-end">
        <Select
          label="Action"
          data={actionOptions}
          value={filters.action ?? ''}
          onChange={(value) => set({ action: (value || undefined) as AuditAction | undefined })}
          allowDeselect={false}
          w={260}
        />
        <TextInput
          type="date"
          label="From"
          value={filters.from ?? ''}
          onChange={(e) => set({ from: e.currentTarget.value || undefined })}
        />
        <TextInput
          type="date"
          label="To"
          value={filters.to ?? ''}
          onChange={(e) => set({ to: e.currentTarget.value || undefined })}
        />
      </Group>
      {log.isError ? (
        <Text size="sm" c="red">
          {log.error.message}
        </Text>
      ) : log.isSuccess && events.length === 0 ? (
        <Text size="sm" c="dimmed">
          No entries match.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Audit log" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>Detail</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(e.at)}</Table.Td>
                  <Table.Td>{auditActionLabels[e.action]}</Table.Td>
                  <Table.Td>{e.actor}</Table.Td>
                  <Table.Td>{e.ipPrefix}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{e.detail}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {log.hasNextPage ? (
        <div>
          <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            Show older entries
          </Button>
        </div>
      ) : null}
    </SectionCard>
  );
}
