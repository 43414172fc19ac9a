import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The dialog that asks before something is deleted or replaced for good: what goes (`children`), Cancel, and the red
 * button that does it (`confirmLabel`). While `pending` it can be neither closed nor cancelled, and the red button
 * spins. Without `children` (what it asked about is gone while it closes) it draws its frame alone.
 */
export function ConfirmModal({
  opened,
  title,
  confirmLabel,
  pending,
  onConfirm,
  onCancel,
  children,
}: {
  opened: boolean;
  title: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={() => (pending ? undefined : onCancel())} title={title} centered>
      {children ? (
        <Stack gap="md">
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button color="red" onClick={onConfirm} loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
