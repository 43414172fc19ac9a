import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import { mix } from '../lib/color';
import { fontVariables, type SiteDesign, type SitePalette } from '../features/settings/site-design';

/** The default colours: primary #FF0000 on background #0F0F0F with text #FFFFFF. */
export const PRIMARY_COLOR = '#FF0000';

const brand: MantineColorsTuple = [
  '#ffe8e8',
  '#ffcfcf',
  '#ff9d9d',
  '#ff6868',
  '#ff3b3b',
  '#ff1f1f',
  PRIMARY_COLOR,
  '#e00000',
  '#c70000',
  '#ad0000',
];

// Mantine's dark scheme reads text from shade 0, dimmed text from 2, borders from 4 and the
// page background from 7.
const dark: MantineColorsTuple = [
  '#FFFFFF',
  '#E5E5E5',
  '#AAAAAA',
  '#717171',
  '#3F3F3F',
  '#303030',
  '#272727',
  '#0F0F0F',
  '#0A0A0A',
  '#050505',
];

/**
 * The dashboard's text: Inter once the page turns its web fonts on, its metric-matched local faces until then
 * (`--app-admin-font`, app/site.css), as on the public pages. A page the browser renders turns them on at once; the
 * login screen the server sends paints before them and keeps its faces when its app takes it over (src/boot.ts).
 */
const SANS = 'var(--app-admin-font)';

export const theme = createTheme({
  primaryColor: 'brand',
  // Shade 7 (#E00000) behind white button text: #FF0000 itself reads at 4.0:1, under WCAG AA.
  primaryShade: 7,
  colors: { brand, dark },
  fontFamily: SANS,
  headings: {
    fontFamily: SANS,
    fontWeight: '800',
  },
  defaultRadius: 'md',
});

/** Ten shades around `fill`, which sits at shade 6 (the filled buttons). */
function tupleAround(fill: string): MantineColorsTuple {
  return [
    mix('#FFFFFF', fill, 0.9),
    mix('#FFFFFF', fill, 0.78),
    mix('#FFFFFF', fill, 0.62),
    mix('#FFFFFF', fill, 0.46),
    mix('#FFFFFF', fill, 0.3),
    mix('#FFFFFF', fill, 0.14),
    fill,
    mix('#000000', fill, 0.12),
    mix('#000000', fill, 0.24),
    mix('#000000', fill, 0.36),
  ];
}

/** Mantine's dark shades drawn from the dark palette (text at 0, background at 7). */
function darkTuple({ background, text, surface, dimmed, border }: SitePalette): MantineColorsTuple {
  return [
    text,
    mix(text, background, 0.86),
    dimmed,
    mix(text, background, 0.45),
    border,
    mix(text, surface, 0.08),
    surface,
    background,
    mix('#000000', background, 0.3),
    mix('#000000', background, 0.6),
  ];
}

/** The public site's theme from the admin's design settings. */
export function buildSiteTheme(design: SiteDesign): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    autoContrast: true,
    luminanceThreshold: 0.3,
    colors: { brand: tupleAround(design.primaryFill), dark: darkTuple(design.dark) },
    white: design.light.background,
    black: design.light.text,
    // The stacks are CSS variables (`fontVariables`): with or without the web fonts, by `app/site.css`.
    fontFamily: 'var(--app-font-body)',
    fontFamilyMonospace: 'var(--app-font-mono)',
    headings: { fontFamily: 'var(--app-font-heading)', fontWeight: '700' },
    defaultRadius: 'md',
  });
}

const paletteVariables = (p: SitePalette) => ({
  '--mantine-color-body': p.background,
  '--mantine-color-text': p.text,
  '--mantine-color-dimmed': p.dimmed,
  '--app-surface': p.surface,
  '--app-border': p.border,
});

/** CSS variables the site's own styles read (see `app/site.css`). */
export function siteCssVariables(design: SiteDesign): CSSVariablesResolver {
  return () => ({
    variables: {
      '--app-primary': design.primary,
      '--app-accent': design.accent,
      '--app-font-size': `${design.baseFontSize}px`,
      ...fontVariables(design),
    },
    dark: paletteVariables(design.dark),
    light: paletteVariables(design.light),
  });
}
