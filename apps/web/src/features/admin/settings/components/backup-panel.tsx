import { Button, FileButton, Group, List, Stack, Text } from '@mantine/core';
import { IconDatabaseExport, IconDatabaseImport } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { replaceToast } from '../../../../lib/toast';
import { useExportBackup, useImportBackup } from '../api/backup';
import { plural } from '../../shared/lib/figures';
import { type BackupSummary, parseBackupFile } from '../lib/backup-file';
import { ConfirmModal } from '../../shared/components/confirm-modal';
import { SectionCard } from '../../shared/components/section-card';

interface PendingImport {
  fileName: string;
  backup: unknown;
  summary: BackupSummary;
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Export downloads the dated JSON; Import restores one after a confirmation. */
export function BackupPanel() {
  const exportBackup = useExportBackup();
  const importBackup = useImportBackup();
  const [pending, setPending] = useState<PendingImport | null>(null);
  const resetRef = useRef<() => void>(null);

  const pick = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.json') && file.type !== 'application/json') {
      replaceToast({
        title: 'Import failed',
        description: `${file.name} is not a .json file`,
        variant: 'destructive',
      });
      return;
    }
    const parsed = parseBackupFile(await file.text());
    if (!parsed.ok) {
      replaceToast({
        title: 'Import failed',
        description: `${file.name}: ${parsed.error}`,
        variant: 'destructive',
      });
      return;
    }
    setPending({ fileName: file.name, backup: parsed.backup, summary: parsed.summary });
  };

  const confirm = () => {
    if (!pending) return;
    importBackup.mutate(pending.backup, { onSettled: () => setPending(null) });
  };

  return (
    <Stack gap="lg">
      <SectionCard
        title="Export"
        description="Download videos, playlists, channel details and settings as a JSON file. Secrets (webhook URLs, API keys) are left out."
      >
        <Group>
          <Button
            leftSection={<IconDatabaseExport size={16} aria-hidden />}
            onClick={() => exportBackup.mutate()}
            loading={exportBackup.isPending}
          >
            Export Data
          </Button>
        </Group>
      </SectionCard>
      <SectionCard
        title="Import"
        description="Restore a backup file. It replaces the videos, playlists, channel details and settings the site has now."
      >
        <Group>
          <FileButton
            onChange={(file) => void pick(file)}
            accept=".json,application/json"
            resetRef={resetRef}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconDatabaseImport size={16} aria-hidden />}
                loading={importBackup.isPending}
              >
                Import Data
              </Button>
            )}
          </FileButton>
        </Group>
      </SectionCard>
      <ConfirmModal
        opened={pending !== null}
        title="Restore this backup?"
        confirmLabel="Restore backup"
        pending={importBackup.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending ? (
          <>
            <Text size="sm">
              <Text span fw={600} inherit>
                {pending.fileName}
              </Text>
              {pending.summary.exportedAt
                ? `, exported ${dateTime.format(new Date(pending.summary.exportedAt))},`
                : ''}{' '}
              holds:
            </Text>
            <List size="sm">
              <List.Item>{plural(pending.summary.videos, 'video')}</List.Item>
              <List.Item>{plural(pending.summary.playlists, 'playlist')}</List.Item>
              <List.Item>{plural(pending.summary.settings, 'setting')}</List.Item>
            </List>
            <Text size="sm" c="red.4">
              Everything the site has now is replaced. This cannot be undone; export first to keep a copy.
            </Text>
          </>
        ) : null}
      </ConfirmModal>
    </Stack>
  );
}
