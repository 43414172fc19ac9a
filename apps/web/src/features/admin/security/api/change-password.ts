import type { ChangePasswordBody, Ok } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';
import { checklistQueryOptions } from '../../shared/api/get-checklist';
import { twoFactorStatusQueryOptions } from './get-two-factor-status';

export function changePassword(body: ChangePasswordBody): Promise<Ok> {
  return apiRequest('POST', apiPaths.changePassword, body).then((res) => readJson<Ok>(res));
}

/**
 * Changes the password; the API also signs out every other session. The step-up code may have been a
 * recovery code, which changes the count left.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async (_ok, body) => {
      replaceToast({ title: 'Password changed', description: 'Other sessions have been signed out' });
      void queryClient.invalidateQueries({ queryKey: checklistQueryOptions().queryKey });
      if (body.code)
        await queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryOptions().queryKey });
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
