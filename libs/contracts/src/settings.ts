/**
 * The settings: the registry of every key (its schema, default and who may see it) and the calls that read and
 * write them. One file per job under settings/:
 * - values.ts: the value kinds (texts, URLs, colours, numbers, choices) with their messages, and the setting kinds;
 * - images.ts: uploaded images as data URLs, checked by their bytes;
 * - one file per group of keys: monetization, design, analytics, youtube, notifications, site (general, SEO and
 *   legal texts), community;
 * - registry.ts: the groups together, the key lists, defaults and types;
 * - api.ts: the bodies and answers of the settings calls.
 * Everything a caller imports comes from here (`@app/contracts` or `./settings`).
 */

export * from './themes';
export * from './community';
export * from './site-language';

export { isHttpUrl } from './settings/values';
export {
  detectImageFormat,
  IMAGE_MAX_BYTES,
  imageDataUrlProblem,
  type ImageMimeType,
  imageMimeTypes,
} from './settings/images';
export {
  AFFILIATE_PROGRAMS_MAX,
  type AdPlacements,
  adPlacementsSchema,
  type AdSlots,
  adSlotsSchema,
  type AffiliateProgram,
  type AffiliateProgramInput,
  affiliateProgramSchema,
  affiliateProgramsSchema,
} from './settings/monetization';
export {
  baseFontSizes,
  bodyFonts,
  colorSchemes,
  headingFonts,
  heroBackgroundTypes,
  monoFonts,
  videoGridColumnOptions,
} from './settings/design';
export { LIVE_CHECK_DEFAULT_INTERVAL_MINUTES, LIVE_CHECK_MAX_INTERVAL_MINUTES } from './settings/youtube';
export { discordMessagePlaceholders } from './settings/notifications';
export { LEGAL_TEXT_MAX_CHARS } from './settings/site';
export {
  type ExportableSettings,
  isPublicSetting,
  isSecretSetting,
  isSettingsKey,
  type PublicSettings,
  type PublicSettingsKey,
  publicSettingsKeys,
  retiredSettingsKeys,
  SECRET_MASK,
  type SecretSettingsKey,
  secretSettingsKeys,
  type Settings,
  settingsDefaults,
  type SettingsKey,
  settingsKeys,
  settingsRegistry,
  settingValueSchema,
} from './settings/registry';
export {
  publicSettingsSchema,
  type SettingUpdateResult,
  settingUpdateResultSchema,
  settingsSchema,
  type UpdateSettingBody,
  updateSettingBodySchema,
} from './settings/api';
