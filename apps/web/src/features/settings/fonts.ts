import type { PublicSettings } from '@app/contracts';

type HeadingFont = PublicSettings['headingFont'];
type BodyFont = PublicSettings['bodyFont'];
type MonoFont = PublicSettings['monoFont'];
export type FontName = HeadingFont | BodyFont | MonoFont;

/**
 * One stylesheet per family and weight (latin subset), imported only when a setting names the
 * family: an unused family costs neither CSS nor font files. Inter, the default, is declared in
 * `app/fonts.css` instead, so the first paint already knows it.
 */
const STYLESHEETS: Record<Exclude<FontName, 'Inter'>, Partial<Record<number, () => Promise<unknown>>>> = {
  Roboto: {
    400: () => import('@fontsource/roboto/latin-400.css'),
    600: () => import('@fontsource/roboto/latin-500.css'),
    700: () => import('@fontsource/roboto/latin-700.css'),
  },
  'Open Sans': {
    400: () => import('@fontsource/open-sans/latin-400.css'),
    600: () => import('@fontsource/open-sans/latin-600.css'),
    700: () => import('@fontsource/open-sans/latin-700.css'),
  },
  Poppins: {
    400: () => import('@fontsource/poppins/latin-400.css'),
    600: () => import('@fontsource/poppins/latin-600.css'),
    700: () => import('@fontsource/poppins/latin-700.css'),
  },
  Montserrat: {
    400: () => import('@fontsource/montserrat/latin-400.css'),
    600: () => import('@fontsource/montserrat/latin-600.css'),
    700: () => import('@fontsource/montserrat/latin-700.css'),
  },
  'Source Sans Pro': {
    400: () => import('@fontsource/source-sans-pro/latin-400.css'),
    600: () => import('@fontsource/source-sans-pro/latin-600.css'),
    700: () => import('@fontsource/source-sans-pro/latin-700.css'),
  },
  Lato: {
    400: () => import('@fontsource/lato/latin-400.css'),
    600: () => import('@fontsource/lato/latin-700.css'),
    700: () => import('@fontsource/lato/latin-700.css'),
  },
  'JetBrains Mono': { 400: () => import('@fontsource/jetbrains-mono/latin-400.css') },
  'Fira Code': { 400: () => import('@fontsource/fira-code/latin-400.css') },
  'Source Code Pro': { 400: () => import('@fontsource/source-code-pro/latin-400.css') },
  'Roboto Mono': { 400: () => import('@fontsource/roboto-mono/latin-400.css') },
};

/** Weights each role draws: body text and its bold, headings, code-like labels. */
export const FONT_WEIGHTS = { body: [400, 600], heading: [700], mono: [400] } as const;
// (Inter, the default, has 400 and 700 only: see app/fonts.css.)

const requested = new Set<string>();

/** Loads the stylesheets the chosen families need (once each). */
export function loadFonts({
  headingFont,
  bodyFont,
  monoFont,
}: Pick<PublicSettings, 'headingFont' | 'bodyFont' | 'monoFont'>): Promise<unknown> {
  const wanted: [FontName, readonly number[]][] = [
    [bodyFont, FONT_WEIGHTS.body],
    [headingFont, FONT_WEIGHTS.heading],
    [monoFont, FONT_WEIGHTS.mono],
  ];
  const loads: Promise<unknown>[] = [];
  for (const [family, weights] of wanted) {
    if (family === 'Inter') continue;
    for (const weight of weights) {
      const key = `${family}:${weight}`;
      const load = STYLESHEETS[family]?.[weight];
      if (!load || requested.has(key)) continue;
      requested.add(key);
      loads.push(load().catch(() => requested.delete(key)));
    }
  }
  return Promise.all(loads);
}

const SANS_FALLBACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const MONO_FALLBACK = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

export const fontStack = (family: FontName, mono = false) =>
  `"${family}", ${mono ? MONO_FALLBACK : SANS_FALLBACK}`;
