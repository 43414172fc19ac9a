import { Blob as NodeBlob } from 'node:buffer';
import { ANALYTICS_MAX_BATCH, analyticsEventBatchSchema } from '@app/contracts';
import {
  BATCH,
  EVENTS_URL,
  flushSiteAnalytics,
  IDLE_MS,
  resetSiteAnalytics,
  setSiteAnalytics,
  track,
  trackPageview,
  trackSearch,
  viewportClass,
} from './site-analytics';

/** Bodies handed to sendBeacon, read back from their Blobs. */
let beacons: { url: string; type: string; blob: Blob }[];
const beaconBodies = () => Promise.all(beacons.map(async (b) => JSON.parse(await b.blob.text()) as unknown));

// jsdom's Blob cannot be read back; Node's can.
Object.assign(globalThis, { Blob: NodeBlob });

beforeEach(() => {
  jest.useFakeTimers();
  resetSiteAnalytics();
  beacons = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: jest.fn((url: string, blob: Blob) => {
      beacons.push({ url, type: blob.type, blob });
      return true;
    }),
  });
  window.history.replaceState(null, '', '/');
});

afterEach(() => jest.useRealTimers());

const play = (i: number) => ({ kind: 'play', videoId: `video${i}`, where: 'grid' }) as const;

describe('site analytics client', () => {
  it('batches as many events as the API takes', () => {
    expect(BATCH).toBe(ANALYTICS_MAX_BATCH);
  });

  it('sends a page view at once and other events after a short idle, as JSON beacons the contract accepts', async () => {
    window.history.replaceState(null, '', '/?utm_source=news&utm_medium=%20mail%20&utm_campaign=');
    Object.defineProperty(document, 'referrer', { configurable: true, value: 'https://www.google.com/x' });
    Object.assign(window, { innerWidth: 1280 });
    setSiteAnalytics(true);
    trackPageview();
    expect(beacons).toHaveLength(1);
    track({ kind: 'hero_impression', variant: 'B' });
    track({ kind: 'hero_click', variant: 'B' });
    expect(beacons).toHaveLength(1);
    jest.advanceTimersByTime(IDLE_MS);
    expect(beacons).toHaveLength(2);
    expect(beacons[0].url).toBe(EVENTS_URL);
    expect(beacons[0].type).toBe('application/json');
    const bodies = await beaconBodies();
    expect(bodies.map((body) => analyticsEventBatchSchema.parse(body))).toEqual([
      {
        events: [
          {
            kind: 'pageview',
            path: '/',
            referrer: 'https://www.google.com/x',
            utm: { source: 'news', medium: 'mail' },
            viewport: 'desktop',
          },
        ],
      },
      {
        events: [
          { kind: 'hero_impression', path: '/', variant: 'B' },
          { kind: 'hero_click', path: '/', variant: 'B' },
        ],
      },
    ]);
  });

  it('counts a search once per page load, with its query (trimmed, at most 200 characters) and results', async () => {
    window.history.replaceState(null, '', '/search?q=caf%C3%A9');
    setSiteAnalytics(true);
    trackSearch('  café  ', 0);
    trackSearch('café', 0);
    trackSearch('', 3);
    jest.advanceTimersByTime(IDLE_MS);
    const [body] = await beaconBodies();
    expect(analyticsEventBatchSchema.parse(body).events).toEqual([
      { kind: 'search', path: '/search', q: 'café', results: 0 },
    ]);
    resetSiteAnalytics();
    setSiteAnalytics(true);
    trackSearch('x'.repeat(300), 2);
    jest.advanceTimersByTime(IDLE_MS);
    const [, long] = await beaconBodies();
    expect(analyticsEventBatchSchema.parse(long).events[0]).toMatchObject({ q: 'x'.repeat(200), results: 2 });
  });

  it('splits a long queue into batches of at most 20, each valid', async () => {
    setSiteAnalytics(true);
    for (let i = 0; i < 45; i++) track(play(i));
    flushSiteAnalytics();
    const bodies = await beaconBodies();
    expect(bodies.map((b) => analyticsEventBatchSchema.parse(b).events.length)).toEqual([20, 20, 5]);
  });

  it('keeps events until the setting is known, then sends them (at once with a page view among them)', () => {
    track(play(1));
    jest.advanceTimersByTime(IDLE_MS * 5);
    flushSiteAnalytics();
    expect(beacons).toHaveLength(0);
    setSiteAnalytics(true);
    jest.advanceTimersByTime(IDLE_MS);
    expect(beacons).toHaveLength(1);

    resetSiteAnalytics();
    trackPageview();
    expect(beacons).toHaveLength(1);
    setSiteAnalytics(true);
    expect(beacons).toHaveLength(2);
  });

  it('sends nothing when site analytics is off, before or after', () => {
    track(play(1));
    setSiteAnalytics(false);
    track(play(2));
    trackPageview();
    jest.advanceTimersByTime(IDLE_MS * 5);
    flushSiteAnalytics();
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toHaveLength(0);
  });

  it('sends at once when the page is left or hidden', () => {
    setSiteAnalytics(true);
    track(play(1));
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons).toHaveLength(1);
    track(play(2));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beacons).toHaveLength(2);
  });

  it('falls back to fetch keepalive when the beacon is refused', () => {
    (navigator.sendBeacon as jest.Mock).mockReturnValue(false);
    const fetch = jest.fn(() => Promise.resolve({ ok: true }));
    Object.assign(globalThis, { fetch });
    setSiteAnalytics(true);
    track(play(1));
    flushSiteAnalytics();
    expect(fetch).toHaveBeenCalledWith(
      EVENTS_URL,
      expect.objectContaining({ method: 'POST', keepalive: true }),
    );
  });

  it('classes the viewport: phone below 768, tablet below 1200, desktop', () => {
    expect([320, 767, 768, 1199, 1200].map(viewportClass)).toEqual([
      'phone',
      'phone',
      'tablet',
      'tablet',
      'desktop',
    ]);
  });
});
