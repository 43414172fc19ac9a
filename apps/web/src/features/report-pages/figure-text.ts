/**
 * The words and numbers of the standalone documents (a sponsor report, the media kit), in the page's language:
 * dates in UTC (the same whoever reads it, wherever), where each figure was read and when, and why one is missing.
 */
import type { Figure, MissingFigure } from '@app/contracts/sponsor-reports';
import { intlLocale, t } from '../../i18n/i18n';

const locale = () => intlLocale();

/** A day (`YYYY-MM-DD`) as the page's language writes it (`May 1, 2026`). */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** An instant to the minute, in UTC, saying so (`May 1, 2026, 3:12 AM UTC`). */
export function formatInstant(iso: string): string {
  const text = new Intl.DateTimeFormat(locale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(iso));
  return `${text} UTC`;
}

/** A number with the language's separators, at most `decimals` decimals. */
export function formatNumber(value: number, decimals = 0): string {
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: decimals }).format(value);
}

export const formatPercent = (value: number, decimals = 1) =>
  t('figure.percent', { percent: formatNumber(value, decimals) });

/** A region's name (`US` → `United States`); YouTube's `ZZ` (unknown) and an unknown code say so. */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code) || code === 'ZZ') return t('figure.unknownRegion');
  try {
    return new Intl.DisplayNames([locale()], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Where an available figure was read, and when. */
export function sourceText(figure: Extract<Figure<unknown>, { available: true }>): string {
  return t(`figure.source.${figure.source}`, { date: formatInstant(figure.readAt) });
}

/** Why a figure is missing (and, when known, from which day it can be there). */
export function gapText(figure: MissingFigure): string {
  if (figure.gap === 'not-yet' && figure.availableOn) {
    return t('figure.gap.not-yet-on', { date: formatDay(figure.availableOn) });
  }
  return t(`figure.gap.${figure.gap}`);
}
