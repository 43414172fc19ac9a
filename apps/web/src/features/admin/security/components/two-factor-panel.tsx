import type { TwoFactorSetup } from '@app/contracts';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCopy, IconDownload, IconShieldCheck, IconShieldLock, IconShieldOff } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { saveFile } from '../../shared/lib/download';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { useStartTwoFactorSetup } from '../api/start-two-factor-setup';
import { SectionCard } from '../../shared/components/section-card';
import { useLandingField } from '../../shared/hooks/use-landing-field';

/**
 * Two-factor sign-in (issue #12): off until enrolled. Enrolling shows a QR code and the key once, takes a
 * code and the password, then shows the recovery codes once. While on: turn off (password and code) and
 * new recovery codes (code).
 */
export function TwoFactorPanel() {
  const status = useTwoFactorStatus();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const enabled = status.data?.enabled ?? false;

  return (
    <SectionCard
      title="Two-factor sign-in"
      description="Sign-in asks for a code from an authenticator app on your phone after the password."
      badge={
        status.data ? (
          <Badge color={enabled ? 'green' : 'gray'} variant="light" size="sm">
            {enabled ? 'On' : 'Off'}
          </Badge>
        ) : null
      }
    >
      {recoveryCodes ? (
        <RecoveryCodesView codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : setup ? (
        <EnrolForm
          setup={setup}
          onCancel={() => setSetup(null)}
          onEnabled={(codes) => {
            setSetup(null);
            setRecoveryCodes(codes);
          }}
        />
      ) : status.data?.enabled ? (
        <EnabledView recoveryCodesLeft={status.data.recoveryCodesLeft} onNewCodes={setRecoveryCodes} />
      ) : status.data ? (
        <StartSetup onStarted={setSetup} />
      ) : null}
    </SectionCard>
  );
}

function StartSetup({ onStarted }: { onStarted: (setup: TwoFactorSetup) => void }) {
  const start = useStartTwoFactorSetup();
  const ref = useLandingField<HTMLButtonElement>('two-factor');
  return (
    <div>
      <Button
        ref={ref}
        leftSection={<IconShieldLock size={16} aria-hidden />}
        loading={start.isPending}
        onClick={() => start.mutate(undefined, { onSuccess: onStarted })}
      >
        Set up two-factor sign-in
      </Button>
    </div>
  );
}

function EnrolForm({
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

/** Shown once, right after they are made: the server keeps only their hashes. */
function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title="Save your recovery codes">
        Each code signs in once if you lose your phone. They are shown only now: copy or download them and
        keep them somewhere safe.
      </Alert>
      <SimpleGrid
        cols={{ base: 1, xs: 2 }}
        spacing="xs"
        maw={520}
        p={0}
        m={0}
        aria-label="Recovery codes"
        component="ul"
      >
        {codes.map((code) => (
          <Code key={code} component="li" style={{ listStyle: 'none' }}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy} leftSection={<IconCopy size={16} aria-hidden />}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() =>
            saveFile({ blob: new Blob([text], { type: 'text/plain' }), fileName: 'recovery-codes.txt' })
          }
        >
          Download
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </Group>
    </Stack>
  );
}

function EnabledView({
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
