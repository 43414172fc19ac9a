import type { RecoveryCodes, TwoFactorEnableBody } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';
import { checklistQueryOptions } from '../../shared/api/get-checklist';
import { twoFactorStatusQueryOptions } from './get-two-factor-status';

export function enableTwoFactor(body: TwoFactorEnableBody): Promise<RecoveryCodes> {
  return apiRequest('POST', apiPaths.twoFactorEnable, body).then((res) => readJson<RecoveryCodes>(res));
}

/** Turns two-factor sign-in on; answers the recovery codes, shown once. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: async () => {
      replaceToast({
        title: 'Two-factor sign-in is on',
        description: 'Save your recovery codes now; other sessions have been signed out',
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: checklistQueryOptions().queryKey }),
      ]);
    },
    onError: (error) => {
      replaceToast({
        title: 'Failed to turn on two-factor sign-in',
        description: error.message,
        variant: 'destructive',
      });
    },
  });
}
