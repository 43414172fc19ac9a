import { Alert, Button, Code, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconFingerprint, IconLogin2, IconShieldLock } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { needsCode, useLogin, useLoginWithCode, useLoginWithPasskey } from './login';
import { prefilled } from './prerendered-login';

/**
 * Username and password (both required), `Logging in...` while pending, the warning. While
 * two-factor sign-in is on, a right password leads to a second step asking for a code.
 */
export function LoginForm() {
  // What was typed in the server's form before the app took it over (prerendered-login.ts), else empty.
  const [username, setUsername] = useState(() => prefilled('username'));
  const [password, setPassword] = useState(() => prefilled('password'));
  const [codeStep, setCodeStep] = useState(false);
  const { mutate, isPending } = useLogin();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutate(
      { username, password },
      {
        onSuccess: (answer) => {
          if (needsCode(answer)) {
            setPassword('');
            setCodeStep(true);
          }
        },
      },
    );
  };

  if (codeStep) return <CodeStep onBack={() => setCodeStep(false)} />;

  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }} radius="lg" maw={440} mx="auto" w="100%">
      {/* `post`: the server's form, before the app takes it over (prerendered-login.ts), never puts the
          password in a URL, even if its script fails; the boot script holds the submit for the app. */}
      <form method="post" onSubmit={submit} aria-labelledby="admin-login-title">
        <Stack gap="md">
          <div>
            <Title order={1} size="h2" id="admin-login-title">
              Admin login
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              Sign in to manage your channel site.
            </Text>
          </div>
          <TextInput
            label="Username"
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" disabled={isPending} leftSection={<IconLogin2 size={18} aria-hidden />}>
            {isPending ? 'Logging in...' : 'Log in'}
          </Button>
          <PasskeyButton label="Sign in with a passkey" />
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title="Default credentials"
          >
            <Text size="sm">
              A new installation signs in with <Code>admin</Code> / <Code>admin123</Code>. Before going live,
              set <Code>ADMIN_USERNAME</Code>, <Code>ADMIN_PASSWORD</Code> and <Code>SESSION_SECRET</Code> in
              the server environment, and <Code>YOUTUBE_API_KEY</Code> with <Code>YOUTUBE_CHANNEL_ID</Code> to
              sync your channel. <Code>GOOGLE_ANALYTICS_ID</Code>, <Code>DISCORD_WEBHOOK_URL</Code> and{' '}
              <Code>MAILCHIMP_API_KEY</Code> preset those integrations.
            </Text>
          </Alert>
        </Stack>
      </form>
    </Paper>
  );
}

/** Signs in with a passkey (the device asks for its PIN or fingerprint): alone, or as the second step. */
function PasskeyButton({ label }: { label: string }) {
  const { mutate, isPending } = useLoginWithPasskey();
  return (
    <Button
      variant="default"
      loading={isPending}
      leftSection={<IconFingerprint size={18} aria-hidden />}
      onClick={() => mutate()}
    >
      {label}
    </Button>
  );
}

/** The second step: a 6-digit code from the authenticator app, or a recovery code. */
function CodeStep({ onBack }: { onBack: () => void }) {
  const [code, setCode] = useState('');
  const { mutate, isPending } = useLoginWithCode();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutate({ code: code.trim() });
  };

  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }} radius="lg" maw={440} mx="auto" w="100%">
      <form method="post" onSubmit={submit} aria-labelledby="admin-code-title">
        <Stack gap="md">
          <div>
            <Title order={1} size="h2" id="admin-code-title">
              Two-factor sign-in
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              Enter the 6-digit code from your authenticator app, or one of your recovery codes, or use a
              passkey.
            </Text>
          </div>
          <TextInput
            label="Authentication code"
            name="code"
            autoComplete="one-time-code"
            required
            ref={input}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <Button type="submit" disabled={isPending} leftSection={<IconShieldLock size={18} aria-hidden />}>
            {isPending ? 'Verifying...' : 'Verify'}
          </Button>
          <PasskeyButton label="Use a passkey instead" />
          <Button variant="subtle" onClick={onBack}>
            Back to username and password
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
