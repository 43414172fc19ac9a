import type { AuthSession, AuthUser } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export const CURRENT_USER_PATH = apiPaths.authSession;

/**
 * The signed-in admin, or `null` when nobody is. Asked of the session route, which answers 200 either way:
 * being signed out is not an error, and a 401 would be logged as one by the browser on every signed-out load.
 */
export function getCurrentUser(signal?: AbortSignal): Promise<AuthUser | null> {
  return getJson<AuthSession>(CURRENT_USER_PATH, { signal }).then((session) => session.user);
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: [CURRENT_USER_PATH],
    queryFn: ({ signal }) => getCurrentUser(signal),
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
