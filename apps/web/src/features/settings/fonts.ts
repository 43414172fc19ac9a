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

export const fontStack = (family: FontName, mono = false) =>
  `"${family}", ${mono ? MONO_FALLBACK : SANS_FALLBACK}`;
