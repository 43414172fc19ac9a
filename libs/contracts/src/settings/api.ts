import { z } from 'zod';
import {
  isSecretSetting,
  publicSettingsKeys,
  SECRET_MASK,
  type PublicSettings,
  type Settings,
  type SettingsKey,
  settingsKeys,
  settingValueSchema,
} from './registry';

/** Body of `POST /api/settings/{key}`. */
export const updateSettingBodySchema = z.strictObject({
  value: z.unknown().refine((value) => value !== undefined, 'is required'),
});
export type UpdateSettingBody = z.infer<typeof updateSettingBodySchema>;

/** Answer of `POST /api/settings/{key}`: the stored value (SECRET_MASK or '' for a secret). */
export interface SettingUpdateResult<K extends SettingsKey = SettingsKey> {
  key: K;
  value: Settings[K];
}

// The answers, as schemas (the OpenAPI document is generated from them).

/** A value as the API sends it: a secret is only ever SECRET_MASK or '' (not set). */
const sentValueSchema = (key: SettingsKey): z.ZodType =>
  isSecretSetting(key) ? z.enum([SECRET_MASK, '']) : settingValueSchema(key);

const settingsBag = (keys: readonly SettingsKey[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, sentValueSchema(key)])));

/** Every key with its value, secrets masked: the admin's view. */
export const settingsSchema = settingsBag(settingsKeys) as unknown as z.ZodType<Settings>;
/** The public keys only: what anonymous visitors get. */
export const publicSettingsSchema = settingsBag(publicSettingsKeys) as unknown as z.ZodType<PublicSettings>;

/** Answer of `POST /api/settings/{key}`: one variant per key, its value as sent. */
export const settingUpdateResultSchema = z.discriminatedUnion(
  'key',
  settingsKeys.map((key) => z.object({ key: z.literal(key), value: sentValueSchema(key) })) as unknown as [
    z.ZodObject<{ key: z.ZodLiteral<SettingsKey>; value: z.ZodType }>,
  ],
) as unknown as z.ZodType<SettingUpdateResult>;
