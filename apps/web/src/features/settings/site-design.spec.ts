import type { PublicSettings } from '@app/contracts';
import { PUBLIC_SETTINGS_DEFAULTS } from '@app/contracts/public-settings-defaults';
import { themes } from '@app/contracts/themes';
import { contrast } from '../../lib/color';
import { siteDesign } from './site-design';

const settings = (patch: Partial<PublicSettings>) => ({
  ...PUBLIC_SETTINGS_DEFAULTS,
  ...patch,
});

describe('siteDesign', () => {
  it('paints the defaults: dark, red primary, #0F0F0F with white text', () => {
    const design = siteDesign(PUBLIC_SETTINGS_DEFAULTS);
    expect(design).toMatchObject({ colorScheme: 'dark', primary: '#FF0000', accent: '#3EA6FF' });
    expect(design.dark).toMatchObject({ background: '#0F0F0F', text: '#FFFFFF', surface: '#212121' });
    expect(contrast(design.primaryFill, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
  });

  it('takes the selected theme, and a changed colour over it', () => {
    const ocean = themes.find((t) => t.id === 'blue-ocean')!;
    expect(siteDesign(settings({ selectedTheme: 'blue-ocean' }))).toMatchObject({
      primary: ocean.primary,
      dark: { background: ocean.background, text: ocean.text, surface: ocean.surface },
    });
    expect(siteDesign(settings({ selectedTheme: 'blue-ocean', primaryColor: '#00FF00' })).primary).toBe(
      '#00FF00',
    );
  });

  it('uses light colours for the light scheme and keeps secondary text readable', () => {
    const light = siteDesign(settings({ selectedTheme: 'light', colorScheme: 'light' }));
    expect(light.light).toMatchObject({ background: '#FFFFFF', text: '#0F0F0F' });
    expect(contrast(light.light.dimmed, light.light.surface)).toBeGreaterThanOrEqual(4.5);
    const dark = siteDesign(PUBLIC_SETTINGS_DEFAULTS);
    expect(dark.light.background).toBe('#FFFFFF');
  });

  it('never pairs text with a background it cannot be read on', () => {
    const design = siteDesign(settings({ backgroundColor: '#111111', textColor: '#222222' }));
    expect(contrast(design.dark.text, design.dark.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('carries fonts and base size', () => {
    expect(
      siteDesign(
        settings({ headingFont: 'Poppins', bodyFont: 'Lato', monoFont: 'Fira Code', baseFontSize: 18 }),
      ),
    ).toMatchObject({
      headingFont: 'Poppins',
      bodyFont: 'Lato',
      monoFont: 'Fira Code',
      baseFontSize: 18,
    });
  });
});
