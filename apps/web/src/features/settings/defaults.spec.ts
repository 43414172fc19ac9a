import { publicSettingsKeys, settingsDefaults, themes } from '@app/contracts';
import { PUBLIC_SETTINGS_DEFAULTS, THEMES } from './defaults';

describe('the page’s copies of the contracts', () => {
  it('has every public key with the registry’s default', () => {
    const expected = Object.fromEntries(publicSettingsKeys.map((key) => [key, settingsDefaults[key]]));
    expect(PUBLIC_SETTINGS_DEFAULTS).toEqual(expected);
  });

  it('has the contracts’ themes', () => {
    expect(THEMES).toBe(themes);
  });
});
