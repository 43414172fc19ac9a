import type { AuthUser, LoginBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../lib/api-client';
import { replaceToast } from '../../../lib/toast';
import { currentUserQueryOptions } from '../../auth/api/get-current-user';
import { adminSettingsQueryOptions } from './get-admin-settings';

export function login(body: LoginBody): Promise<AuthUser> {
  return apiRequest('POST', '/api/auth/login', body).then((res) => readJson<AuthUser>(res));
}

/** Signs in; the admin page then shows the dashboard without a reload. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
      replaceToast({ title: 'Login successful', description: 'Welcome to the admin dashboard' });
      // An answer fetched before signing in (a 401) must not stand for the dashboard's settings.
      await queryClient.invalidateQueries({ queryKey: adminSettingsQueryOptions().queryKey });
    },
    onError: (error) => {
      replaceToast({ title: 'Login failed', description: error.message, variant: 'destructive' });
    },
  });
}
