import { maxLengthOf, type Passkey, passkeyNameSchema, type StepUpBody } from '@app/contracts';
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint, IconKey } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys';
import { SectionCard } from '../../shared/components/section-card';
import { StepUpModal } from './step-up-modal';

const PASSKEY_NAME_MAX_LENGTH = maxLengthOf(passkeyNameSchema);

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/**
 * Passkeys: each signs in without a password, or stands in for the code after the password while
 * two-factor sign-in is on. Adding, renaming or removing one asks the password (and a code while two-factor
 * sign-in is on); for a rename or a removal, in a modal.
 */
export function PasskeysPanel() {
  const passkeys = usePasskeys();
  const list = passkeys.data?.passkeys ?? [];
  return (
    <SectionCard
      title="Passkeys"
      description="Sign in with your device's fingerprint, face or PIN instead of the password; with two-factor sign-in on, a passkey can also replace the code."
    >
      {passkeys.isError ? (
        <Text size="sm" c="red">
          {passkeys.error.message}
        </Text>
      ) : list.length ? (
        <Stack gap="sm" aria-label="Passkeys">
          {list.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </Stack>
      ) : passkeys.isSuccess ? (
        <Text size="sm" c="dimmed">
          No passkey yet.
        </Text>
      ) : null}
      <AddPasskeyForm />
    </SectionCard>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const [name, setName] = useState<string | null>(null);
  /** The change waiting for the step-up. */
  const [asking, setAsking] = useState<'rename' | 'remove' | null>(null);
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAsking('rename');
  };
  const confirm = (stepUp: StepUpBody) => {
    const id = passkey.id;
    if (asking === 'rename') {
      rename.mutate(
        { id, name: name!.trim(), ...stepUp },
        {
          onSuccess: () => {
            setAsking(null);
            setName(null);
          },
        },
      );
    } else remove.mutate({ id, ...stepUp }, { onSuccess: () => setAsking(null) });
  };

  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="passkey" aria-label={passkey.name}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <IconKey size={20} aria-hidden />
        {name === null ? (
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm">
              {passkey.name}
            </Text>
            <Text size="xs" c="dimmed">
              Added {day(passkey.createdAt)} ·{' '}
              {passkey.lastUsedAt ? `last used ${day(passkey.lastUsedAt)}` : 'never used'}
            </Text>
          </div>
        ) : (
          <form onSubmit={save} aria-label={`Rename ${passkey.name}`} style={{ flex: 1 }}>
            <Group gap="xs" wrap="nowrap">
              <TextInput
                aria-label="Passkey name"
                value={name}
                maxLength={PASSKEY_NAME_MAX_LENGTH}
                onChange={(event) => setName(event.currentTarget.value)}
                style={{ flex: 1 }}
              />
              <Button type="submit" size="xs" disabled={!name.trim()}>
                Save
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setName(null)}>
                Cancel
              </Button>
            </Group>
          </form>
        )}
      </Group>
      {name === null ? (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => setName(passkey.name)}>
            Rename
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => setAsking('remove')}
            aria-label={`Remove ${passkey.name}`}
          >
            Remove
          </Button>
        </Group>
      ) : null}
      {asking ? (
        <StepUpModal
          opened
          title={asking === 'rename' ? `Rename ${passkey.name}` : `Remove ${passkey.name}`}
          confirm={asking === 'rename' ? 'Rename' : 'Remove'}
          color={asking === 'remove' ? 'red' : undefined}
          loading={rename.isPending || remove.isPending}
          onConfirm={confirm}
          onClose={() => setAsking(null)}
        >
          {asking === 'rename'
            ? `The passkey will be called "${name?.trim()}". Confirm with your password.`
            : 'It will no longer sign in. Confirm with your password.'}
        </StepUpModal>
      ) : null}
    </Group>
  );
}

function AddPasskeyForm() {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const needsCode = useTwoFactorStatus().data?.enabled ?? false;
  const add = useAddPasskey();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    add.mutate(
      { name: name.trim(), password, ...(needsCode ? { code: code.trim() } : {}) },
      {
        onSuccess: () => {
          setName('');
          setPassword('');
          setCode('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Add a passkey">
      <Stack gap="sm" maw={420}>
        <TextInput
          label="Name of the new passkey"
          placeholder="Laptop, phone, security key…"
          maxLength={PASSKEY_NAME_MAX_LENGTH}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        {needsCode ? (
          <TextInput
            label="Code from the authenticator app"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
        ) : null}
        <div>
          <Button
            type="submit"
            leftSection={<IconFingerprint size={16} aria-hidden />}
            loading={add.isPending}
            disabled={!name.trim() || !password || (needsCode && !code.trim())}
          >
            Add a passkey
          </Button>
        </div>
      </Stack>
    </form>
  );
}
