import { en } from '@app/contracts/i18n/en';
import { UNKNOWN_DURATION } from '@app/contracts/youtube';
import { i18n } from '@lingui/core';
import { activateMessages } from '../i18n/i18n';
import { loadCatalogue } from '../i18n/load-catalogue';
import {
  formatCount,
  formatDuration,
  formatFullCount,
  formatPublishedDate,
  formatRelativeDate,
} from './format';

describe('formatDuration', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: en }));

  it('keeps YouTube’s duration as it is, in any language', async () => {
    expect(formatDuration('12:34')).toBe('12:34');
    activateMessages(await loadCatalogue('de'));
    expect(formatDuration('1:02:03')).toBe('1:02:03');
  });

  it.each([
    ['en', 'Length unknown'],
    ['es', 'Duración desconocida'],
    ['pt-BR', 'Duração desconhecida'],
    ['fr', 'Durée inconnue'],
    ['de', 'Länge unbekannt'],
    ['ja', '長さ不明'],
  ] as const)('says an unknown length in %s: %s', async (language, label) => {
    activateMessages(await loadCatalogue(language));
    expect(formatDuration(UNKNOWN_DURATION)).toBe(label);
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [1_000, '1K'],
    [1_499, '1K'],
    [1_500, '2K'],
    [125_400, '125K'],
    [999_499, '999K'],
    [999_999, '1000K'],
    [1_000_000, '1.0M'],
    [1_049_999, '1.0M'],
    [1_050_000, '1.1M'],
    [1_250_000, '1.3M'],
    [12_345_678, '12.3M'],
    [2_000_000_000, '2000.0M'],
  ])('%d reads %s', (count, expected) => {
    expect(formatCount(count)).toBe(expected);
  });
});

describe('formatFullCount', () => {
  it('groups thousands', () => {
    expect(formatFullCount(1234567)).toBe('1,234,567');
  });
});

describe('formatRelativeDate', () => {
  const now = new Date('2026-03-31T12:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

  it.each([
    [1, '1 day ago'],
    [1.99, '1 day ago'],
    [2, '2 days ago'],
    [6, '6 days ago'],
    [6.99, '6 days ago'],
    [7, '1 week ago'],
    [13, '1 week ago'],
    [14, '2 weeks ago'],
    [29, '4 weeks ago'],
    [29.99, '4 weeks ago'],
    [30, '1 month ago'],
    [59, '1 month ago'],
    [60, '2 months ago'],
    [365, '12 months ago'],
  ])('%d days reads %s', (days, expected) => {
    expect(formatRelativeDate(daysAgo(days), now)).toBe(expected);
  });

  it('reads today under one day, and for a date in the future', () => {
    expect(formatRelativeDate(daysAgo(0.5), now)).toBe('today');
    expect(formatRelativeDate(daysAgo(-2), now)).toBe('today');
  });

  it('accepts an ISO string as the API sends it', () => {
    expect(formatRelativeDate(daysAgo(3).toISOString(), now)).toBe('3 days ago');
  });
});

describe('formats in the site language (issue 26)', () => {
  it('compact counts through Intl; English keeps its own rules', () => {
    expect(formatCount(1_234_567, 'en')).toBe('1.2M');
    expect(formatCount(1_234_567, 'es')).toBe('1,2\u00a0M');
    expect(formatCount(1_200_000, 'ja')).toBe('120万');
    expect(formatCount(1_234_567, 'de')).toBe('1,2\u00a0Mio.');
  });

  it('full counts group as the language does', () => {
    expect(formatFullCount(1_234_567, 'fr')).toBe('1\u202f234\u202f567');
    expect(formatFullCount(1_234_567, 'pt-BR')).toBe('1.234.567');
  });

  it('relative dates in the same steps as English', () => {
    const now = new Date('2026-01-31T12:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    expect(formatRelativeDate(ago(3), now, 'es')).toBe('hace 3 días');
    expect(formatRelativeDate(ago(14), now, 'fr')).toBe('il y a 2 semaines');
    expect(formatRelativeDate(ago(65), now, 'de')).toBe('vor 2 Monaten');
    expect(formatRelativeDate(ago(1), now, 'ja')).toBe('昨日');
    expect(formatRelativeDate(ago(3), now, 'en')).toBe('3 days ago');
  });

  it('published days, in UTC', () => {
    expect(formatPublishedDate('2025-03-05T23:30:00Z', 'en')).toBe('Mar 5, 2025');
    expect(formatPublishedDate('2025-03-05T23:30:00Z', 'fr')).toBe('5 mars 2025');
    expect(formatPublishedDate('2025-03-05T23:30:00Z', 'ja')).toBe('2025/03/05');
  });
});
