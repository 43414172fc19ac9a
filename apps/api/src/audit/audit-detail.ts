import { isSecretSetting, type SettingsKey, truncateText } from '@app/contracts';

/** A value as the log shows it: JSON, an inline image by its size only, anything long cut at 120 characters. */
function shown(value: unknown): string {
  if (typeof value === 'string' && value.startsWith('data:')) {
    return `(image, ${Math.round((value.length * 3) / 4 / 1024)} KB)`;
  }
  const json = JSON.stringify(value) ?? String(value);
  return truncateText(json, 120);
}

/**
 * `siteTitle: "Old" → "New"`. A secret (settings registry) never shows: `(set)`, `(not set)`, or `(replaced)`
 * when one stored secret replaced another.
 */
export function settingChange(key: SettingsKey, before: unknown, after: unknown): string {
  if (isSecretSetting(key)) {
    const state = (v: unknown) => (v ? '(set)' : '(not set)');
    return before && after ? `${key}: (replaced)` : `${key}: ${state(before)} → ${state(after)}`;
  }
  return `${key}: ${shown(before)} → ${shown(after)}`;
}

/** An address kept in the log of its own deletion only as a hint: `a•••@mail.test`. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? `${email[0]}•••${email.slice(at)}` : '•••';
}
