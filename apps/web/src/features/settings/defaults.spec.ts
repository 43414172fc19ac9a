import {
  PINNED_PLAYLIST_LIMIT as CONTRACT_LIMIT,
  publicSettingsKeys,
  settingsDefaults,
  themes,
} from '@app/contracts';
import { PINNED_PLAYLIST_LIMIT, PUBLIC_SETTINGS_DEFAULTS, THEMES } from './defaults';

describe('the page’s copies of the contracts', () => {
  it('has every public key with the registry’s default', () => {
    const expected = Object.fromEntries(publicSettingsKeys.map((key) => [key, settingsDefaults[key]]));
    expect(PUBLIC_SETTINGS_DEFAULTS).toEqual(expected);
  });

  it('has the contracts’ themes and limits', () => {
    expect(THEMES).toBe(themes);
    expect(PINNED_PLAYLIST_LIMIT).toBe(CONTRACT_LIMIT);
  });
});
