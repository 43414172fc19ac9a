import { isSecretSetting, type SettingUpdateResult, type Settings, type SettingsKey } from '@app/contracts';
import { apiPaths } from '@app/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, readJson } from '../../../../lib/api-client';
import { replaceToast } from '../../../../lib/toast';
import { publicSettingsQueryOptions } from '../../../settings/api/get-public-settings';
import { adminSettingsQueryOptions } from './get-admin-settings';

export function updateSetting<K extends SettingsKey>(
  key: K,
  value: Settings[K],
): Promise<SettingUpdateResult<K>> {
  return apiRequest('POST', apiPaths.setting(key), { value }).then((res) =>
    readJson<SettingUpdateResult<K>>(res),
  );
}

/** Which tab saves: each has its own toasts. */
export type SettingsScope = 'settings' | 'design' | 'integration';

export const settingsToasts: Record<SettingsScope, { success: string; failure: string }> = {
  settings: { success: 'Settings updated', failure: 'Failed to update settings' },
  design: { success: 'Settings saved', failure: 'Failed to update design settings' },
  integration: { success: 'Integration settings updated', failure: 'Failed to update integration' },
};

export interface SettingChange<K extends SettingsKey = SettingsKey> {
  key: K;
  value: Settings[K];
  /** What the toast calls it, e.g. `Primary color`. */
  label: string;
  /** The success toast's text; defaults to `<label> updated`. */
  description?: string;
  /** No success toast (the caller shows its own, or this is one of several saves of one action). */
  quiet?: boolean;
}

/**
 * Saves one setting. The cached bag shows the new value at once and takes the stored value from the
 * answer; a refused value puts the previous one back and shows the failure toast with the API's message.
 *
 * Saves go out one at a time, in the order they were made (one mutation scope): a field that saves a whole object
 * (the six ad slots) sends it again on each blur, and two of those requests in flight at once could reach the
 * server in either order, so the older value could be stored last. Only the latest change of a key puts its
 * answer in the cache, so a field never flickers back to an older value while a newer one is on its way.
 */
/** The latest change of each key, by identity (a mutation's variables). */
const latestChange = new Map<SettingsKey, SettingChange>();

export function useUpdateSetting(scope: SettingsScope) {
  const queryClient = useQueryClient();
  const { queryKey } = adminSettingsQueryOptions();
  const toasts = settingsToasts[scope];

  const setCached = <K extends SettingsKey>(key: K, value: Settings[K]) =>
    queryClient.setQueryData(queryKey, (settings) => (settings ? { ...settings, [key]: value } : settings));

  return useMutation({
    scope: { id: 'settings' },
    mutationFn: ({ key, value }: SettingChange) => updateSetting(key, value),
    onMutate: async (change) => {
      const { key, value } = change;
      latestChange.set(key, change);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey)?.[key];
      // A secret is shown masked; the typed text never goes into the cache.
      if (!isSecretSetting(key)) setCached(key, value);
      return { previous };
    },
    onError: (error, { key, value }, context) => {
      // Put the previous value back unless another save has changed it since (the cache copies
      // objects, so compare contents).
      const current = queryClient.getQueryData(queryKey)?.[key];
      if (context && JSON.stringify(current) === JSON.stringify(value)) {
        setCached(key, context.previous as Settings[typeof key]);
      }
      replaceToast({ title: toasts.failure, description: error.message, variant: 'destructive' });
    },
    onSuccess: (result, change) => {
      const { label, description, quiet } = change;
      if (latestChange.get(change.key) === change) setCached(result.key, result.value);
      // The public page keeps its own query (public keys only): it reloads, so `/` shows the change too.
      void queryClient.invalidateQueries({ queryKey: publicSettingsQueryOptions().queryKey });
      if (!quiet) replaceToast({ title: toasts.success, description: description ?? `${label} updated` });
    },
  });
}
