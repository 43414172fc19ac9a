import { UNKNOWN_DURATION } from '@app/contracts/youtube';
import { currentLanguage, intlLocale, t } from '../i18n/i18n';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A video's duration as YouTube gives it (`12:34`), or "Length unknown" in the page's language. */
export function formatDuration(duration: string): string {
  return duration === UNKNOWN_DURATION ? t('video.durationUnknown') : duration;
}

/**
 * Compact count: from 1,000,000 one decimal and `M`, from 1,000 whole thousands and
 * `K`, else the plain number. Both round to the nearest shown unit (half up), the way
 * `toFixed` reads the rule; so 1,250,000 reads `1.3M` and 999,999 still counts as thousands
 * (`1000K`): the thresholds, not the rounding, pick the unit.
 */
export function formatCount(count: number, language = currentLanguage()): string {
  if (language !== 'en') return compactCount(count, intlLocale(language));
  if (count >= 1_000_000) return `${(Math.round(count / 100_000) / 10).toFixed(1)}M`;
  if (count >= 1_000) return `${Math.round(count / 1_000)}K`;
  return String(count);
}

/** Other languages: `Intl`'s compact notation (`1,2 M`, `120万`), one decimal at most. */
function compactCount(count: number, locale: string): string {
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(count);
}

/** `1,234 views`-style number with thousands separators (for screen readers and titles). */
export function formatFullCount(count: number, language = currentLanguage()): string {
  return count.toLocaleString(language === 'en' ? 'en-US' : intlLocale(language));
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * Relative age of a date: `1 day ago` for exactly one day, `N days ago` under a
 * week, `N weeks ago` under 30 days, else `N months ago` counting 30-day months. Less than a
 * day (or a date in the future, from clock skew) reads `today`. `now` has no default: a page counts from its
 * rendering's time (`useRenderTime`), or hydration would not match the server's HTML.
 */
export function formatRelativeDate(
  date: Date | string | number,
  now: Date | number,
  language = currentLanguage(),
): string {
  const days = Math.floor((new Date(now).getTime() - new Date(date).getTime()) / DAY_MS);
  if (language !== 'en') return relativeAge(days, intlLocale(language));
  if (days < 1) return 'today';
  if (days < 7) return plural(days, 'day');
  if (days < 30) return plural(Math.floor(days / 7), 'week');
  return plural(Math.floor(days / 30), 'month');
}

/**
 * A stream's scheduled start in the visitor's own time zone and language (`Saturday, May 2 at 8:00 PM
 * GMT+2`), with its year when that is not the year of `now` there (`Wednesday, April 9, 2025 at 5:45 AM UTC`);
 * `timeZone` and `locale` are for the server's form and tests, `now` is the rendering's time (`useRenderTime`).
 */
export function formatScheduledStart(
  date: Date | string | number,
  {
    locale,
    timeZone,
    now = Date.now(),
  }: { locale?: string; timeZone?: string; now?: Date | string | number } = {},
): string {
  const at = new Date(date);
  const year = new Intl.DateTimeFormat(locale, { year: 'numeric', timeZone });
  const otherYear = year.format(at) !== year.format(new Date(now));
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    ...(otherYear ? { year: 'numeric' } : {}),
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(at);
}

/** Other languages: the same steps as English (days, weeks, 30-day months) in `Intl`'s words. */
function relativeAge(days: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (days < 1) return format.format(0, 'day');
  if (days < 7) return format.format(-days, 'day');
  if (days < 30) return format.format(-Math.floor(days / 7), 'week');
  return format.format(-Math.floor(days / 30), 'month');
}

/** A video's day of publication (`Mar 5, 2025`; `5 mars 2025`), the same on the server and in every time zone. */
export function formatPublishedDate(date: Date | string | number, language = currentLanguage()): string {
  const locale = language === 'en' ? 'en-US' : intlLocale(language);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(date));
}

/**
 * A language's name in the page's language (`English`, `Anglais`, `英語`), capitalised as a label's first word; the
 * tag itself when `Intl` does not know it.
 */
export function formatLanguageName(tag: string, language = currentLanguage()): string {
  const locale = intlLocale(language);
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames(locale, { type: 'language' }).of(tag);
  } catch {
    // A tag Intl refuses (malformed): shown as it is.
  }
  if (!name) return tag;
  return `${name.charAt(0).toLocaleUpperCase(locale)}${name.slice(1)}`;
}
