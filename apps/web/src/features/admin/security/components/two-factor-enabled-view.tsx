import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconShieldOff } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';

export function EnabledView({
  recoveryCodesLeft,
  onNewCodes,
}: {
  recoveryCodesLeft: number;
  onNewCodes: (codes: string[]) => void;
}) {
  const [form, setForm] = useState({ password: '', code: '', regenerateCode: '' });
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const set = (name: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    setForm((current) => ({ ...current, [name]: value }));
  };

  const turnOff = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    disable.mutate({ password: form.password, code: form.code.trim() });
  };
  const newCodes = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    regenerate.mutate(
      { code: form.regenerateCode.trim() },
      {
        onSuccess: ({ recoveryCodes }) => {
          setForm((current) => ({ ...current, regenerateCode: '' }));
          onNewCodes(recoveryCodes);
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Text size="sm">
        {recoveryCodesLeft === 1 ? '1 recovery code' : `${recoveryCodesLeft} recovery codes`} left.
      </Text>
      <CodeForm
        label="New recovery codes"
        onSubmit={newCodes}
        submit={
          <Button
            type="submit"
            variant="light"
            disabled={!form.regenerateCode.trim()}
            loading={regenerate.isPending}
          >
            New recovery codes
          </Button>
        }
      >
        <TextInput
          label="Code for new recovery codes"
          description="A code from the app; the old recovery codes stop working."
          autoComplete="one-time-code"
          value={form.regenerateCode}
          onChange={set('regenerateCode')}
        />
      </CodeForm>
      <CodeForm
        label="Turn off two-factor sign-in"
        onSubmit={turnOff}
        submit={
          <Button
            type="submit"
            color="red"
            variant="light"
            leftSection={<IconShieldOff size={16} aria-hidden />}
            disabled={!form.password || !form.code.trim()}
            loading={disable.isPending}
          >
            Turn off two-factor sign-in
          </Button>
        }
      >
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={form.password}
          onChange={set('password')}
        />
        <TextInput
          label="Code from the app or a recovery code"
          autoComplete="one-time-code"
          value={form.code}
          onChange={set('code')}
        />
      </CodeForm>
    </Stack>
  );
}

/** One step of the enabled view: its fields, then its button under them. */
function CodeForm({
  label,
  onSubmit,
  submit,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submit: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} aria-label={label}>
      <Stack gap="sm" maw={420}>
        {children}
        <div>{submit}</div>
      </Stack>
    </form>
  );
}
