import type { z } from 'zod';
import { analyticsSettings } from './analytics';
import { communitySettings } from './community';
import { designSettings } from './design';
import { monetizationSettings } from './monetization';
import { notificationSettings } from './notifications';
import { legalSettings, siteSettings } from './site';
import { youtubeSettings } from './youtube';

/**
 * The settings registry: every setting with its schema, its default and who may
 * see it. `public` keys are what the anonymous home page needs; `secret` keys are never sent back in clear to
 * anyone: the admin gets SECRET_MASK (or '' when unset), and posting the mask back keeps the stored value.
 * The public keys' defaults live in the zod-free `public-settings-defaults.ts` (`PUBLIC` in the group files),
 * which the public page imports alone; the registry takes them from there.
 */

/** What the admin sees instead of a stored secret. Posting it back for a secret key changes nothing. */
export const SECRET_MASK = '••••••••';

/** Every setting, group by group (a file each beside this one); `settingsKeys` keeps this order. */
export const settingsRegistry = {
  ...monetizationSettings,
  ...designSettings,
  ...analyticsSettings,
  ...youtubeSettings,
  ...notificationSettings,
  ...siteSettings,
  ...communitySettings,
  ...legalSettings,
};

/**
 * Keys that earlier versions had and nothing used (the product's key list still names them). A backup that still carries them
 * imports: they are dropped, whatever their value.
 */
export const retiredSettingsKeys: readonly string[] = ['totalVideos', 'totalPlaylists'];

type Registry = typeof settingsRegistry;
export type SettingsKey = keyof Registry;
/** The full bag, every key with its value (the admin's view, with secrets masked). */
export type Settings = { [K in SettingsKey]: z.output<Registry[K]['schema']> };
export type PublicSettingsKey = {
  [K in SettingsKey]: Registry[K]['public'] extends true ? K : never;
}[SettingsKey];
export type SecretSettingsKey = {
  [K in SettingsKey]: Registry[K]['secret'] extends true ? K : never;
}[SettingsKey];
/** What anonymous visitors get from `GET /api/settings`. */
export type PublicSettings = Pick<Settings, PublicSettingsKey>;
/** Every non-secret key: what a backup carries. */
export type ExportableSettings = Omit<Settings, SecretSettingsKey>;

export const settingsKeys = Object.keys(settingsRegistry) as SettingsKey[];
export const publicSettingsKeys = settingsKeys.filter(
  (k) => settingsRegistry[k].public,
) as PublicSettingsKey[];
export const secretSettingsKeys = settingsKeys.filter(
  (k) => settingsRegistry[k].secret,
) as SecretSettingsKey[];

export const settingsDefaults = Object.freeze(
  Object.fromEntries(settingsKeys.map((key) => [key, settingsRegistry[key].default])),
) as Readonly<Settings>;

export function isSettingsKey(key: string): key is SettingsKey {
  return Object.prototype.hasOwnProperty.call(settingsRegistry, key);
}

export function isSecretSetting(key: SettingsKey): key is SecretSettingsKey {
  return settingsRegistry[key].secret;
}

export function isPublicSetting(key: SettingsKey): key is PublicSettingsKey {
  return settingsRegistry[key].public;
}

/** The schema a value of `key` must pass. */
export function settingValueSchema<K extends SettingsKey>(key: K): Registry[K]['schema'] {
  return settingsRegistry[key].schema;
}
