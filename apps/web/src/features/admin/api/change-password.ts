import type { ChangePasswordBody, Ok } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client';
import { replaceToast } from '../../../lib/toast';

export function changePassword(body: ChangePasswordBody): Promise<Ok> {
  return apiRequest('POST', '/api/auth/change-password', body).then((res) => readJson<Ok>(res));
}

/** Changes the password; the API also signs out every other session. No cached data changes. */
export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      replaceToast({ title: 'Password changed', description: 'Other sessions have been signed out' });
    },
    onError: (error) => {
      replaceToast({
        title: 'Failed to change password',
        description: error.message,
        variant: 'destructive',
      });
    },
  });
}
