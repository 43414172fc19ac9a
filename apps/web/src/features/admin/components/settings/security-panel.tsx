import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { replaceToast } from '../../../../lib/toast';
import { useChangePassword } from '../../api/change-password';
import {
  isPasswordFormFilled,
  type PasswordChangeForm,
  passwordChangeProblem,
} from '../../lib/password-change';
import { SectionCard } from '../section-card';

const emptyForm: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** SPEC §5: current, new and confirm; disabled until all are filled; mismatch and length toasts. */
export function SecurityPanel() {
  const [form, setForm] = useState(emptyForm);
  const change = useChangePassword();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = passwordChangeProblem(form);
    if (problem) {
      replaceToast({ ...problem, variant: 'destructive' });
      return;
    }
    change.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      { onSuccess: () => setForm(emptyForm) },
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
          <Text size="xs" c="dimmed">
            At least 8 characters. The session lasts 24 hours from sign-in.
          </Text>
          <div>
            <Button
              type="submit"
              leftSection={<IconLock size={16} aria-hidden />}
              disabled={!isPasswordFormFilled(form)}
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
