import type { Settings, SettingsKey } from '@app/contracts';
import { useDebouncedCallback } from '@mantine/hooks';
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminSettingsQueryOptions, useAdminSettings } from '../api/get-admin-settings';
import { type SettingChange, type SettingsScope, useUpdateSetting } from '../api/update-setting';

/** Colour, font and text settings save one second after the last change. */
export const SETTINGS_DEBOUNCE_MS = 1000;

/** Which toasts the fields inside use (Each tab has its own). */
export const SettingsScopeContext = createContext<SettingsScope>('settings');

/** The loaded settings; only for fields rendered inside a settings gate. */
export function useSettings(): Settings {
  const { data } = useAdminSettings();
  if (!data) throw new Error('useSettings needs the settings loaded (render inside <SettingsGate>)');
  return data;
}

export function useSetting<K extends SettingsKey>(key: K): Settings[K] {
  return useSettings()[key];
}

/** Saves a setting with the toasts of the surrounding tab. */
export function useSaveSetting() {
  const scope = useContext(SettingsScopeContext);
  const { mutate, mutateAsync } = useUpdateSetting(scope);
  const save = useCallback(
    <K extends SettingsKey>(
      change: SettingChange<K>,
      options?: { onSuccess?: (stored: Settings[K]) => void; onError?: () => void },
    ) =>
      mutate(change, {
        onSuccess: (result) => options?.onSuccess?.(result.value as Settings[K]),
        onError: () => options?.onError?.(),
      }),
    [mutate],
  );
  const saveAsync = useCallback(
    <K extends SettingsKey>(change: SettingChange<K>) => mutateAsync(change),
    [mutateAsync],
  );
  return { save, saveAsync };
}

export interface DebouncedSettingOptions<V> {
  /** Whether a value is worth saving while the admin is still typing (e.g. a complete colour). */
  isComplete?: (value: V) => boolean;
}

const always = () => true;

/**
 * Local state for a field that saves 1 s after the last change and at once when it loses focus.
 * The field follows the stored value (a theme applied, a backup restored) except while it has focus.
 */
export function useDebouncedSetting<K extends SettingsKey>(
  key: K,
  label: string,
  { isComplete = always }: DebouncedSettingOptions<Settings[K]> = {},
) {
  const server = useSetting(key);
  const { save } = useSaveSetting();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(server);
  const focused = useRef(false);
  const lastSaved = useRef(server);

  useEffect(() => {
    lastSaved.current = server;
    if (!focused.current) setValue(server);
  }, [server]);

  const commit = useCallback(
    (next: Settings[K], force: boolean) => {
      if (Object.is(next, lastSaved.current) || (!force && !isComplete(next))) return;
      lastSaved.current = next;
      save(
        { key, value: next, label },
        {
          // Show what was stored (trimmed text, a secret's mask) unless the admin is typing again.
          onSuccess: (stored) => {
            lastSaved.current = stored;
            if (!focused.current) setValue(stored);
          },
          // The save put the stored value back in the cache; show it (a quick failure can undo the
          // optimistic value before the field ever saw it, so the effect above would miss it).
          onError: () => {
            const restored = queryClient.getQueryData(adminSettingsQueryOptions().queryKey)?.[key];
            if (restored === undefined) return;
            lastSaved.current = restored;
            if (!focused.current) setValue(restored);
          },
        },
      );
    },
    [isComplete, key, label, queryClient, save],
  );
  const debounced = useDebouncedCallback((next: Settings[K]) => commit(next, false), {
    delay: SETTINGS_DEBOUNCE_MS,
    flushOnUnmount: true,
  });

  return {
    value,
    onChange: (next: Settings[K]) => {
      setValue(next);
      debounced(next);
    },
    onFocus: () => {
      focused.current = true;
    },
    onBlur: () => {
      focused.current = false;
      debounced.cancel();
      commit(value, true);
    },
  };
}
