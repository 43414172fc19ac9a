import type { StepUpBody } from '@app/contracts';
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTwoFactorStatus } from '../api/get-two-factor-status';

/**
 * The step-up a change of the ways to sign in asks for, in a modal: the password, and a code (from the app, or
 * a recovery code) while two-factor sign-in is on, as turning two-factor sign-in off asks. A wrong one is the
 * mutation's toast; the modal stays open to try again.
 */
export function StepUpModal({
  opened,
  title,
  children,
  confirm,
  color,
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  /** The confirm button's label. */
  confirm: string;
  color?: string;
  loading: boolean;
  onConfirm: (stepUp: StepUpBody) => void;
  onClose: () => void;
}) {
  const needsCode = useTwoFactorStatus().data?.enabled ?? false;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const close = () => {
    if (loading) return;
    setPassword('');
    setCode('');
    onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onConfirm({ password, ...(needsCode ? { code: code.trim() } : {}) });
  };

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">{children}</Text>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            data-autofocus
          />
          {needsCode ? (
            <TextInput
              label="Code from the app or a recovery code"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
            />
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={loading}>
              Cancel
            </Button>
            <Button
              type="submit"
              color={color}
              loading={loading}
              disabled={!password || (needsCode && !code.trim())}
            >
              {confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
