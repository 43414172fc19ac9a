import { MIN_PASSWORD_LENGTH } from '@app/contracts';

export interface PasswordChangeForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface FormProblem {
  title: string;
  description: string;
}

/** The button stays disabled until every field has something in it. */
export function isPasswordFormFilled(form: PasswordChangeForm): boolean {
  return form.currentPassword !== '' && form.newPassword !== '' && form.confirmPassword !== '';
}

/** The confirmation must match, and the new password must be long enough. */
export function passwordChangeProblem(form: PasswordChangeForm): FormProblem | null {
  if (form.newPassword !== form.confirmPassword) {
    return { title: 'Password mismatch', description: 'New password and confirmation do not match' };
  }
  if (form.newPassword.length < MIN_PASSWORD_LENGTH) {
    return {
      title: 'Password too short',
      description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
    };
  }
  return null;
}
