import { readFileSync } from 'node:fs';
import { CONSENT_STORAGE_KEY } from '../lib/consent-store';
import { WEBFONTS_STORAGE_KEY } from '../features/settings/web-fonts';
import { join } from 'node:path';
import {
  PUBLIC_SETTINGS_DEFAULTS as DEFAULTS,
  SETTINGS_CACHE_KEY,
} from '@app/contracts/public-settings-defaults';
import { drawHeroVariant, heroVariants } from '@app/contracts/hero';
import { theme } from './theme';

/**
 * The copies of the default design that cannot import it: the CSS and the HTML are read before any script
 * runs, and the Mantine base theme's shades are tuned by hand around the default colours.
 */
describe('the static copies of the default design', () => {
  const read = (file: string) => readFileSync(join(__dirname, file), 'utf8');

  it('site.css starts from the default colours, font size and mono font', () => {
    const css = read('site.css');
    const variable = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(css)?.[1].trim();
    expect(variable('--app-primary')?.toUpperCase()).toBe(DEFAULTS.primaryColor.toUpperCase());
    expect(variable('--app-accent')?.toUpperCase()).toBe(DEFAULTS.accentColor.toUpperCase());
    expect(variable('--app-font-size')).toBe(`${DEFAULTS.baseFontSize}px`);
    expect(variable('--app-font-mono-web')).toMatch(new RegExp(`^'${DEFAULTS.monoFont}',`));
  });

  it('index.html reads the settings, the consent answer and the web-fonts flag the browser keeps under the same keys as the app', () => {
    const html = read('../../index.html');
    const keys = [...html.matchAll(/localStorage\.getItem\('([^']+)'\)/g)].map((m) => m[1]);
    expect(keys).toEqual([SETTINGS_CACHE_KEY, CONSENT_STORAGE_KEY, WEBFONTS_STORAGE_KEY]);
  });

  it('index.html draws the hero headline as the app does (50/50, A below one half)', () => {
    const html = read('../../index.html');
    expect(html).toContain("d.dataset.hero = Math.random() < 0.5 ? 'A' : 'B';");
    expect([0, 0.4999, 0.5, 0.9999].map((n) => drawHeroVariant(() => n))).toEqual(['A', 'A', 'B', 'B']);
    expect(heroVariants).toEqual(['A', 'B']);
  });

  it('index.html colours the browser’s bar in the default background', () => {
    const html = read('../../index.html');
    expect(/<meta name="theme-color" content="([^"]+)"/.exec(html)?.[1].toUpperCase()).toBe(
      DEFAULTS.backgroundColor.toUpperCase(),
    );
  });

  it('the Mantine base theme has the default primary, background and text among its shades', () => {
    expect(theme.colors?.['brand']?.[6]).toBe(DEFAULTS.primaryColor);
    expect(theme.colors?.['dark']?.[7]).toBe(DEFAULTS.backgroundColor);
    expect(theme.colors?.['dark']?.[0]).toBe(DEFAULTS.textColor);
  });
});
