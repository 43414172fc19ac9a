import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PUBLIC_SETTINGS_DEFAULTS as DEFAULTS } from '@app/contracts/public-settings-defaults';
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
    expect(variable('--app-font-mono')).toMatch(new RegExp(`^'${DEFAULTS.monoFont}',`));
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
