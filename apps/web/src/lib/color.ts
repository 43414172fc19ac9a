/** Small colour helpers for the admin's hex colours (#RRGGBB). */
import { HEX_COLOR_PATTERN } from '@app/contracts/limits';

export type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb {
  const text = hex.trim().replace(/^(?!#)/, '#');
  const value = HEX_COLOR_PATTERN.test(text) ? parseInt(text.slice(1), 16) : 0;
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`.toUpperCase();
}

/** `weight` of `a` mixed into `b` (1 = all `a`). */
export function mix(a: string, b: string, weight: number): string {
  const [ra, ga, ba] = parseHex(a);
  const [rb, gb, bb] = parseHex(b);
  return toHex([
    ra * weight + rb * (1 - weight),
    ga * weight + gb * (1 - weight),
    ba * weight + bb * (1 - weight),
  ]);
}

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export const isDark = (hex: string) => luminance(hex) < 0.18;

/**
 * The closest colour to `color`, moved towards `towards`, that reaches `ratio` against
 * `against` (WCAG AA text needs 4.5).
 */
export function ensureContrast(color: string, against: string, ratio = 4.5, towards?: string): string {
  if (contrast(color, against) >= ratio) return color;
  const target = towards ?? (isDark(against) ? '#FFFFFF' : '#000000');
  for (let step = 1; step <= 20; step++) {
    const candidate = mix(target, color, step / 20);
    if (contrast(candidate, against) >= ratio) return candidate;
  }
  return target;
}
