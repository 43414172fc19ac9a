import type { TwoFactorSetup } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';

export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return apiRequest('POST', apiPaths.twoFactorSetup).then((res) => readJson<TwoFactorSetup>(res));
}

/** A new secret to scan; nothing cached changes until `useEnableTwoFactor` confirms it. */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: startTwoFactorSetup,
    onError: (error) => {
      replaceToast({
        title: 'Failed to start two-factor set-up',
        description: error.message,
        variant: 'destructive',
      });
    },
  });
}
