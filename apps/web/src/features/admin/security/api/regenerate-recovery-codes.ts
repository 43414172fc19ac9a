import type { RecoveryCodes, TwoFactorCodeBody } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';
import { twoFactorStatusQueryOptions } from './get-two-factor-status';

export function regenerateRecoveryCodes(body: TwoFactorCodeBody): Promise<RecoveryCodes> {
  return apiRequest('POST', apiPaths.twoFactorRecoveryCodes, body).then((res) =>
    readJson<RecoveryCodes>(res),
  );
}

/** New recovery codes (the old ones stop working); shown once. */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: async () => {
      replaceToast({ title: 'New recovery codes', description: 'The old ones no longer work' });
      await queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryOptions().queryKey });
    },
    onError: (error) => {
      replaceToast({
        title: 'Failed to make new recovery codes',
        description: error.message,
        variant: 'destructive',
      });
    },
  });
}
