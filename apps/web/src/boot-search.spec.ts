import { PUBLIC_SETTINGS_DEFAULTS } from '@app/contracts/public-settings-defaults';
import type { PublicSettings } from '@app/contracts';
import { bootPage } from './boot';
import { trackPageview, trackSearch } from './lib/site-analytics';
import { bootFacts, SSR_STATE_ID } from './ssr-state';

jest.mock('./lib/site-analytics', () => ({
  ...jest.requireActual('./lib/site-analytics'),
  trackPageview: jest.fn(),
  trackSearch: jest.fn(),
}));

const settings = PUBLIC_SETTINGS_DEFAULTS as PublicSettings;
const page = (search?: Parameters<typeof bootFacts>[2]) =>
  `<script type="application/json" id="${SSR_STATE_ID}">${JSON.stringify(bootFacts(settings, undefined, search))}</script>`;

describe('the search page’s search, counted by the boot script (no app)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    jest.clearAllMocks();
  });

  it('counts the page view and the search, its query and how many videos matched', () => {
    document.body.innerHTML = page({ q: 'quokkas', total: 3, error: null });
    bootPage(() => new Promise<never>(() => undefined));
    expect(trackPageview).toHaveBeenCalledTimes(1);
    expect(trackSearch).toHaveBeenCalledTimes(1);
    expect(trackSearch).toHaveBeenCalledWith('quokkas', 3);
  });

  it('counts no search for an empty or too long query, nor on another page', () => {
    expect(bootFacts(settings, undefined, { q: '', total: 0, error: null })).not.toHaveProperty('search');
    expect(
      bootFacts(settings, undefined, { q: 'x'.repeat(201), total: 0, error: 'too-long' }),
    ).not.toHaveProperty('search');
    document.body.innerHTML = page();
    bootPage(() => new Promise<never>(() => undefined));
    expect(trackPageview).toHaveBeenCalledTimes(1);
    expect(trackSearch).not.toHaveBeenCalled();
  });
});
