import type { PublicSettings } from '@app/contracts';
import { PUBLIC_SETTINGS_DEFAULTS } from '@app/contracts/public-settings-defaults';
import { themes } from '@app/contracts/themes';
import { contrast, ensureContrast, isDark, luminance, mix } from '../../lib/color';
import { fallbackStack, fontStack } from './fonts';

export interface SitePalette {
  background: string;
  text: string;
  /** Cards and menus, one step off the background. */
  surface: string;
  /** Secondary text; reaches AA contrast on the surface. */
  dimmed: string;
  border: string;
}

export interface SiteDesign {
  colorScheme: PublicSettings['colorScheme'];
  /** The admin's primary colour as chosen (gradients, icons). */
  primary: string;
  /** The primary colour behind button text: the chosen one, darkened when white text would not read. */
  primaryFill: string;
  accent: string;
  dark: SitePalette;
  light: SitePalette;
  headingFont: PublicSettings['headingFont'];
  bodyFont: PublicSettings['bodyFont'];
  monoFont: PublicSettings['monoFont'];
  baseFontSize: PublicSettings['baseFontSize'];
}

const byId = (id: string) => themes.find((theme) => theme.id === id) ?? themes[0];

function palette(background: string, text: string, surface?: string): SitePalette {
  const card = surface ?? mix(text, background, 0.08);
  return {
    background,
    text,
    surface: card,
    dimmed: ensureContrast(mix(text, background, 0.72), card, 4.6, text),
    border: mix(text, background, 0.18),
  };
}

/**
 * Turns the design settings into what the page paints. The selected theme is the base; a colour
 * setting that differs from its default overrides it (so both "pick a theme" and "pick a
 * colour" work). The colours describe one scheme, dark or light by their background; the other
 * scheme, for `auto` or a forced mismatch, uses the matching predefined theme.
 */
export function siteDesign(settings: PublicSettings): SiteDesign {
  const theme = byId(settings.selectedTheme);
  const pick = (key: 'primaryColor' | 'accentColor' | 'backgroundColor' | 'textColor', fromTheme: string) =>
    settings[key].toUpperCase() !== PUBLIC_SETTINGS_DEFAULTS[key].toUpperCase() ? settings[key] : fromTheme;
  const primary = pick('primaryColor', theme.primary);
  const accent = pick('accentColor', theme.accent);
  const background = pick('backgroundColor', theme.background);
  let text = pick('textColor', theme.text);
  if (contrast(text, background) < 4.5) text = isDark(background) ? '#FFFFFF' : '#0F0F0F';
  const configured = palette(
    background,
    text,
    background.toUpperCase() === theme.background.toUpperCase() ? theme.surface : undefined,
  );
  const darkTheme = byId('dark-red');
  const lightTheme = byId('light');
  const dark = isDark(background)
    ? configured
    : palette(darkTheme.background, darkTheme.text, darkTheme.surface);
  const light = isDark(background)
    ? palette(lightTheme.background, lightTheme.text, lightTheme.surface)
    : configured;
  return {
    colorScheme: settings.colorScheme,
    primary,
    primaryFill: luminance(primary) > 0.3 ? primary : ensureContrast(primary, '#FFFFFF', 4.6, '#000000'),
    accent,
    dark,
    light,
    headingFont: settings.headingFont,
    bodyFont: settings.bodyFont,
    monoFont: settings.monoFont,
    baseFontSize: settings.baseFontSize,
  };
}

/**
 * The CSS variables of the site's fonts: each role's stack with its web font (`-web`) and without it (`-fallback`,
 * the metric-matched local faces). `app/site.css` draws the page in the fallbacks until `<html data-webfonts="on">`
 * (src/boot.ts): a first visit fetches no font before its first screen is shown (issue 23).
 */
export const fontVariables = (design: SiteDesign) => ({
  '--app-font-body-web': fontStack(design.bodyFont),
  '--app-font-body-fallback': fallbackStack(design.bodyFont),
  '--app-font-heading-web': fontStack(design.headingFont),
  '--app-font-heading-fallback': fallbackStack(design.headingFont),
  '--app-font-mono-web': fontStack(design.monoFont, true),
  '--app-font-mono-fallback': fallbackStack(design.monoFont, true),
});
