import type { PublicSettings } from '@app/contracts';

type HeadingFont = PublicSettings['headingFont'];
type BodyFont = PublicSettings['bodyFont'];
type MonoFont = PublicSettings['monoFont'];
export type FontName = HeadingFont | BodyFont | MonoFont;

/**
 * Every family the owner can choose is declared in `app/fonts.css` (the stylesheet every page carries inline), with
 * `font-display: optional` and the weights each role draws: body text and its bold (400, 600), headings (700),
 * code-like labels (400). No script loads a font stylesheet; the browser downloads a face only when text uses it.
 */
export const FONT_WEIGHTS = { body: [400, 600], heading: [700], mono: [400] } as const;

const SANS_FALLBACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const MONO_FALLBACK = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/**
 * The local fonts each family falls back on, scaled to its metrics by `app/font-fallbacks.css`
 * (`<family> Fallback: <local font>`, written by tools/font-fallbacks.ts), so text keeps its place when the web
 * font replaces them (issue 23).
 */
export const FALLBACK_FACES = { sans: ['Arial', 'Roboto'], mono: ['Courier New'] } as const;

/** The matched fallback faces of `family`, in the order of its stack. */
export const fallbackFamilies = (family: FontName, mono = false): string[] =>
  FALLBACK_FACES[mono ? 'mono' : 'sans'].map((local) => `${family} Fallback: ${local}`);

/** The stack without the web font: what a first visit paints until the page has loaded (src/boot.ts). */
export const fallbackStack = (family: FontName, mono = false) =>
  [...fallbackFamilies(family, mono).map((name) => `"${name}"`), mono ? MONO_FALLBACK : SANS_FALLBACK].join(
    ', ',
  );

/** The stack with the web font first. */
export const fontStack = (family: FontName, mono = false) => `"${family}", ${fallbackStack(family, mono)}`;
