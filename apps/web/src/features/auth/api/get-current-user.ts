import type { AuthUser } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export const CURRENT_USER_PATH = apiPaths.currentUser;

/** The signed-in admin, or `null` when the API answers 401 (logged out). */
export function getCurrentUser(signal?: AbortSignal): Promise<AuthUser | null> {
  return getJson<AuthUser | null>(CURRENT_USER_PATH, { on401: 'returnNull', signal });
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: [CURRENT_USER_PATH],
    queryFn: ({ signal }) => getCurrentUser(signal),
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
