import type { Ok } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client';
import { replaceToast } from '../../../lib/toast';
import { currentUserQueryOptions } from '../../auth/api/get-current-user';

export function logout(): Promise<Ok> {
  return apiRequest('POST', apiPaths.logout).then((res) => readJson<Ok>(res));
}

/**
 * Signs out and drops every cached answer, leaving only "nobody is signed in" so the login
 * form shows at once. `onSignedOut` lets the page re-render: the cleared cache notifies no one.
 */
export function useLogout({ onSignedOut }: { onSignedOut: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryOptions().queryKey, null);
      onSignedOut();
      replaceToast({ title: 'Logged out successfully' });
    },
    onError: (error) => {
      replaceToast({ title: 'Logout failed', description: error.message, variant: 'destructive' });
    },
  });
}
