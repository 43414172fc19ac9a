import type { TwoFactorSetup } from '@app/contracts';
import { Button, Code, CopyButton, Group, Image, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconShieldCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useEnableTwoFactor } from '../api/enable-two-factor';

export function EnrolForm({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const enable = useEnableTwoFactor();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    enable.mutate(
      { code: code.trim(), password },
      { onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes) },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Turn on two-factor sign-in">
      <Stack gap="md" maw={420}>
        <Text size="sm">
          1. Scan this QR code with an authenticator app (Google Authenticator, Authy, 1Password, …).
        </Text>
        <Image src={setup.qrCode} alt="QR code for your authenticator app" w={200} h={200} />
        <Text size="sm">Or type this key into the app:</Text>
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="two-factor-secret" style={{ wordBreak: 'break-all' }}>
            {setup.secret}
          </Code>
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="light"
                onClick={copy}
                leftSection={<IconCopy size={14} aria-hidden />}
              >
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">2. Enter the 6-digit code the app shows, and your password.</Text>
        <TextInput
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group>
          <Button
            type="submit"
            leftSection={<IconShieldCheck size={16} aria-hidden />}
            disabled={!code.trim() || !password}
            loading={enable.isPending}
          >
            Turn on
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
