import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { replaceToast } from '../../../../lib/toast';
import { useChangePassword } from '../api/change-password';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { usePasskeys } from '../api/passkeys';
import { initialAuditFilters, useAuditLog, useSessions } from '../api/security';
import { isPasswordFormFilled, type PasswordChangeForm, passwordChangeProblem } from '../lib/password-change';
import { SectionCard } from '../../shared/components/section-card';
import { AuditLogPanel } from './audit-log-panel';
import { PasskeysPanel } from './passkeys-panel';
import { SessionsPanel } from './sessions-panel';
import { TwoFactorPanel } from './two-factor-panel';
import { LoadingStatus } from '../../shared/components/loading-status';
import { useLandingField } from '../../shared/hooks/use-landing-field';

const emptyForm: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The password change, two-factor sign-in, passkeys, the signed-in sessions and the audit log. */
export function SecurityPanel() {
  // Each panel below the password shows its content once its data is there. Until all of it is, one loader
  // stands in for them, so the subtab does not grow under the reader as each arrives: a field the admin is
  // about to use (the audit log's filter) is not pushed down, or out of view, a moment later.
  const loading = [useTwoFactorStatus(), usePasskeys(), useSessions(), useAuditLog(initialAuditFilters)].some(
    (query) => query.isPending,
  );
  return (
    <Stack gap="lg">
      <ChangePasswordCard />
      {loading ? (
        <LoadingStatus label="Loading security settings" />
      ) : (
        <>
          <TwoFactorPanel />
          <PasskeysPanel />
          <SessionsPanel />
          <AuditLogPanel />
        </>
      )}
    </Stack>
  );
}

/**
 * Current, new and confirm; disabled until all are filled; mismatch and length toasts. While
 * two-factor sign-in is on, a code is asked too (step-up).
 */
function ChangePasswordCard() {
  const [form, setForm] = useState(emptyForm);
  const [code, setCode] = useState('');
  const change = useChangePassword();
  const needsCode = useTwoFactorStatus().data?.enabled ?? false;
  const currentPasswordRef = useLandingField<HTMLInputElement>('password');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = passwordChangeProblem(form);
    if (problem) {
      replaceToast({ ...problem, variant: 'destructive' });
      return;
    }
    change.mutate(
      {
        currentPassword: form.currentPassword,
        newPassword: form.newPassword,
        ...(needsCode ? { code: code.trim() } : {}),
      },
      {
        onSuccess: () => {
          setForm(emptyForm);
          setCode('');
        },
      },
    );
  };

  const field = (name: keyof PasswordChangeForm) => ({
    value: form[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setForm((current) => ({ ...current, [name]: value }));
    },
  });

  return (
    <SectionCard
      title="Change password"
      description="Other signed-in sessions end when the password changes."
    >
      <form onSubmit={submit} aria-label="Change password">
        <Stack gap="md" maw={420}>
          <PasswordInput
            ref={currentPasswordRef}
            label="Current password"
            autoComplete="current-password"
            {...field('currentPassword')}
          />
          <PasswordInput label="New password" autoComplete="new-password" {...field('newPassword')} />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            {...field('confirmPassword')}
          />
          {needsCode ? (
            <TextInput
              label="Code from the authenticator app"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
            />
          ) : null}
          <Text size="xs" c="dimmed">
            At least 8 characters. The session lasts 24 hours from sign-in.
          </Text>
          <div>
            <Button
              type="submit"
              leftSection={<IconLock size={16} aria-hidden />}
              disabled={!isPasswordFormFilled(form) || (needsCode && !code.trim())}
              loading={change.isPending}
            >
              Change Password
            </Button>
          </div>
        </Stack>
      </form>
    </SectionCard>
  );
}
