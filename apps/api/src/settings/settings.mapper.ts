import {
  isSecretSetting,
  publicSettingsKeys,
  SECRET_MASK,
  type PublicSettings,
  type SettingUpdateResult,
  type Settings,
  type SettingsKey,
  secretSettingsKeys,
} from '@app/contracts';

/** A stored secret shows as the mask; an unset one as ''. The clear value never leaves the server. */
export function maskSecret(value: string): string {
  return value ? SECRET_MASK : '';
}

/** The admin's view: every key, secrets masked. */
export function toAdminSettings(settings: Settings): Settings {
  const view = { ...settings };
  for (const key of secretSettingsKeys) view[key] = maskSecret(settings[key]);
  return view;
}

/** The visitors' view: the public keys and nothing else, whatever the input carries. */
export function toPublicSettings(settings: PublicSettings): PublicSettings {
  return Object.fromEntries(publicSettingsKeys.map((key) => [key, settings[key]])) as PublicSettings;
}

export function toSettingUpdateResult<K extends SettingsKey>(
  key: K,
  value: Settings[K],
): SettingUpdateResult<K> {
  return { key, value: (isSecretSetting(key) ? maskSecret(value as string) : value) as Settings[K] };
}
