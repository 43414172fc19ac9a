import { PUBLIC_SETTINGS_DEFAULTS } from '@app/contracts/public-settings-defaults';
import type { LiveState, PublicSettings } from '@app/contracts';
import { appClickTarget, appNeededAtLoad, bootPage } from './boot';
import { bootFacts, SSR_STATE_ID } from './ssr-state';

const stream = {
  id: 'live1',
  title: 'Live',
  thumbnail: null,
  scheduledStartTime: null,
} as unknown as NonNullable<LiveState['live']>;

/** The boot facts the server writes into a rendered page with these settings and this live state. */
function state(settings: Partial<PublicSettings> = {}, live: LiveState = { live: null, upcoming: null }) {
  return bootFacts({ ...PUBLIC_SETTINGS_DEFAULTS, ...settings } as PublicSettings, live);
}

describe('when a page needs its app at once (boot.ts, issue 23)', () => {
  it('not for a rendered page that needs nothing more', () => {
    expect(appNeededAtLoad(state(), null)).toBeNull();
    // The banner answered (either way): nothing to ask.
    expect(appNeededAtLoad(state({ enableGDPRBanner: true }), 'denied')).toBeNull();
  });

  it('for a page the server did not render', () => {
    expect(appNeededAtLoad(undefined, null)).toBe('not rendered by the server');
  });

  it('for the consent banner while the visitor has not answered', () => {
    expect(appNeededAtLoad(state({ enableGDPRBanner: true }), null)).toBe('consent banner');
  });

  it('for a third party the visitor allowed (or was not asked about)', () => {
    const ga = { enableGoogleAnalytics: true, googleAnalyticsId: 'G-TEST123' };
    expect(appNeededAtLoad(state(ga), null)).toBe('third party');
    expect(appNeededAtLoad(state({ ...ga, enableGDPRBanner: true }), 'granted')).toBe('third party');
    expect(appNeededAtLoad(state({ ...ga, enableGDPRBanner: true }), 'denied')).toBeNull();
    // Switched on without an id: nothing to load.
    expect(appNeededAtLoad(state({ enableGoogleAnalytics: true, googleAnalyticsId: '' }), null)).toBeNull();
  });

  it('for a live or an upcoming stream (its local time, its polling)', () => {
    expect(appNeededAtLoad(state({}, { live: stream, upcoming: null }), null)).toBe(
      'live or upcoming stream',
    );
    expect(appNeededAtLoad(state({}, { live: null, upcoming: stream }), null)).toBe(
      'live or upcoming stream',
    );
  });
});

describe('the boot facts a rendered page carries (ssr-state.ts)', () => {
  it('say whether site analytics counts the view, without the settings themselves', () => {
    expect(state({ enableSiteAnalytics: true }).siteAnalytics).toBe(true);
    expect(state({ enableSiteAnalytics: false }).siteAnalytics).toBe(false);
    expect(Object.keys(state()).sort()).toEqual(['consentBanner', 'live', 'siteAnalytics', 'thirdParty']);
  });
});

describe('which clicks wait for the app', () => {
  const here = new URL('http://localhost/videos/abc');
  beforeEach(() => {
    document.body.innerHTML = `
      <button id="play"><span id="inner">Play</span></button>
      <a id="chapter" href="/videos/abc?t=30">0:30</a>
      <a id="section" href="/#videos">Videos</a>
      <a id="other" href="/videos/def">Other</a>
      <a id="youtube" href="https://www.youtube.com/watch?v=abc" target="_blank">YouTube</a>
      <p id="text">Text</p>
      <form data-no-app><input id="search" name="q"><button id="submit"><svg id="icon"></svg></button></form>
      <details><summary id="summary" data-no-app><h2 id="heading">Transcript</h2></summary>
        <a id="cue" href="/videos/abc?t=90">1:30 Text</a></details>`;
  });
  const target = (id: string) => appClickTarget(document.getElementById(id), here)?.id ?? null;

  it('a button (from within it), and a link within this page', () => {
    expect(target('inner')).toBe('play');
    expect(target('chapter')).toBe('chapter');
  });

  it('not a link to another page or a new tab, nor plain text', () => {
    expect(target('section')).toBeNull();
    expect(target('other')).toBeNull();
    expect(target('youtube')).toBeNull();
    expect(target('text')).toBeNull();
    expect(appClickTarget(null, here)).toBeNull();
  });

  it('not a control the browser handles alone ([data-no-app]: the search form, the transcript’s disclosure)', () => {
    for (const id of ['search', 'submit', 'icon', 'summary', 'heading']) expect(target(id)).toBeNull();
    // A paragraph of the transcript is a link within this page like a chapter's.
    expect(target('cue')).toBe('cue');
  });
});

describe('a page whose thumbnail is missing (bootPage)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    // The page view the boot script counts.
    global.fetch = jest.fn(() => new Promise<never>(() => undefined));
    document.body.innerHTML = `
      <script type="application/json" id="${SSR_STATE_ID}">${JSON.stringify(state())}</script>
      <div class="box"><picture>
        <source type="image/avif" srcset="/images/0123456789abcdef0123/320.avif 320w" sizes="100vw">
        <img data-thumbnail="image" class="thumb" src="/images/0123456789abcdef0123/320.jpg" alt="">
      </picture></div>`;
  });
  afterEach(() => {
    jest.useRealTimers();
    delete (global as { fetch?: unknown }).fetch;
    document.body.innerHTML = '';
  });

  it('puts the placeholder in the place of its picture, without the app', () => {
    const loadApp = jest.fn(() => new Promise<never>(() => undefined));
    bootPage(loadApp);
    document.querySelector('img')!.dispatchEvent(new Event('error'));
    expect(document.querySelector('.box')!.innerHTML).toBe(
      '<span class="thumb" data-thumbnail="placeholder"></span>',
    );
    expect(loadApp).not.toHaveBeenCalled();
  });
});
