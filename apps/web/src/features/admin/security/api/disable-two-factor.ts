import type { Ok, TwoFactorDisableBody } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';
import { checklistQueryOptions } from '../../shared/api/get-checklist';
import { twoFactorStatusQueryOptions } from './get-two-factor-status';

export function disableTwoFactor(body: TwoFactorDisableBody): Promise<Ok> {
  return apiRequest('POST', apiPaths.twoFactorDisable, body).then((res) => readJson<Ok>(res));
}

/** Turns two-factor sign-in off (password and a code); other sessions end. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async () => {
      replaceToast({
        title: 'Two-factor sign-in is off',
        description: 'Other sessions have been signed out',
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: checklistQueryOptions().queryKey }),
      ]);
    },
    onError: (error) => {
      replaceToast({
        title: 'Failed to turn off two-factor sign-in',
        description: error.message,
        variant: 'destructive',
      });
    },
  });
}
