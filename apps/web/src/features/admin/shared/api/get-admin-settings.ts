import type { Settings } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../../lib/api-client';

/**
 * The whole settings bag as the signed-in admin edits it (secrets masked). Kept in the query cache only
 * (memory): unlike the public page's settings it is never written to the browser's storage, and logging
 * out clears it.
 */
export function getAdminSettings(signal?: AbortSignal): Promise<Settings> {
  return getJson<Settings>(apiPaths.adminSettings, { signal });
}

export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [apiPaths.adminSettings],
    queryFn: ({ signal }) => getAdminSettings(signal),
  });

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}
