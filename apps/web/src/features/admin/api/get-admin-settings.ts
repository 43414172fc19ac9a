import type { Settings } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { SETTINGS_PATH } from '../../settings/api/get-public-settings';

/**
 * The whole settings bag as the signed-in admin sees it (secrets masked). Anonymous visitors get the
 * public keys from the same address, so the key is the path alone (SPEC §7) and a save updates what
 * the public page reads too.
 */
export function getAdminSettings(signal?: AbortSignal): Promise<Settings> {
  return getJson<Settings>(SETTINGS_PATH, { signal });
}

export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [SETTINGS_PATH],
    queryFn: ({ signal }) => getAdminSettings(signal),
  });

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}
