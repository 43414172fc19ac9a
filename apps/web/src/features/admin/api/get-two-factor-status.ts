import type { TwoFactorStatus } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export const TWO_FACTOR_PATH = '/api/auth/two-factor';

/** Whether two-factor sign-in is on, and how many recovery codes are left. */
export function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return getJson<TwoFactorStatus>(TWO_FACTOR_PATH, { signal });
}

export const twoFactorStatusQueryOptions = () =>
  queryOptions({
    queryKey: [TWO_FACTOR_PATH],
    queryFn: ({ signal }) => getTwoFactorStatus(signal),
  });

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}
