import type { TwoFactorStatus } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../../lib/api-client';

/** Whether two-factor sign-in is on, and how many recovery codes are left. */
export function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return getJson<TwoFactorStatus>(apiPaths.twoFactor, { signal });
}

export const twoFactorStatusQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.twoFactor],
    queryFn: ({ signal }) => getTwoFactorStatus(signal),
  });

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}
