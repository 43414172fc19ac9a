import {
  ADSENSE,
  GOOGLE_ANALYTICS,
  PLAUSIBLE,
  pageContentSecurityPolicy,
  pageCspDirectives,
  type PageFeatureSettings,
  pageFeatures,
  pagePolicySources,
} from './page-policy';
import { PUBLIC_SETTINGS_DEFAULTS } from './public-settings-defaults';

const THIRD_PARTY =
  /googletagmanager|google-analytics|plausible|googlesyndication|doubleclick|adservice|adtrafficquality|gstatic|www\.google\.com/;

describe('page-policy', () => {
  const off: PageFeatureSettings = {
    enableGoogleAnalytics: false,
    googleAnalyticsId: '',
    enablePlausible: false,
    plausibleDomain: '',
    adsensePublisherId: '',
    adPlacements: { topBanner: true, inContent: true, stickyFooter: false },
  };
  const on = (ga: boolean, plausible: boolean, adsense: boolean): PageFeatureSettings => ({
    ...off,
    enableGoogleAnalytics: ga,
    googleAnalyticsId: ga ? 'G-ABCDEF1234' : '',
    enablePlausible: plausible,
    plausibleDomain: plausible ? 'example.com' : '',
    adsensePublisherId: adsense ? 'ca-pub-1234567890123456' : '',
  });

  it('switches a feature on only as the web app loads it: enabled and configured', () => {
    expect(pageFeatures(off)).toEqual({ googleAnalytics: false, plausible: false, adsense: false });
    expect(pageFeatures({ ...off, enableGoogleAnalytics: true })).toMatchObject({ googleAnalytics: false });
    expect(pageFeatures({ ...off, googleAnalyticsId: 'G-ABCDEF1234' })).toMatchObject({
      googleAnalytics: false,
    });
    expect(pageFeatures({ ...off, enablePlausible: true })).toMatchObject({ plausible: false });
    expect(pageFeatures({ ...off, plausibleDomain: 'example.com' })).toMatchObject({ plausible: false });
    const adsense = on(false, false, true);
    expect(pageFeatures(adsense)).toMatchObject({ adsense: true });
    const noPlacement = { topBanner: false, inContent: false, stickyFooter: false };
    expect(pageFeatures({ ...adsense, adPlacements: noPlacement })).toMatchObject({ adsense: false });
  });

  it('is the strict baseline (self and YouTube) with the defaults', () => {
    const settings = {} as Record<string, unknown>;
    for (const key of Object.keys(off))
      settings[key] = PUBLIC_SETTINGS_DEFAULTS[key as keyof PageFeatureSettings];
    const policy = pageContentSecurityPolicy(
      ["'sha256-x'"],
      pagePolicySources(pageFeatures(settings as PageFeatureSettings)),
    );
    expect(policy).not.toMatch(THIRD_PARTY);
    expect(policy).toBe(pageContentSecurityPolicy(["'sha256-x'"]));
    expect(pageCspDirectives(["'sha256-x'"])['script-src']).toEqual(["'self'", "'sha256-x'"]);
    expect(pageCspDirectives([])['frame-src']).toEqual(["'self'", 'https://www.youtube-nocookie.com']);
    expect(pageCspDirectives([])['connect-src']).toEqual(["'self'"]);
  });

  it.each([
    [false, false, false],
    [true, false, false],
    [false, true, false],
    [false, false, true],
    [true, true, false],
    [true, false, true],
    [false, true, true],
    [true, true, true],
  ])(
    'lists exactly the hosts of the features on (GA %s, Plausible %s, AdSense %s)',
    (ga, plausible, adsense) => {
      const directives = pageCspDirectives([], pagePolicySources(pageFeatures(on(ga, plausible, adsense))));
      const has = (directive: string, hosts: string[]) =>
        hosts.every((host) => directives[directive].includes(host));
      const hasNone = (directive: string, hosts: string[]) =>
        hosts.every((host) => !directives[directive].includes(host));
      for (const [feature, isOn] of [
        [GOOGLE_ANALYTICS, ga],
        [PLAUSIBLE, plausible],
        [ADSENSE, adsense],
      ] as const) {
        for (const directive of ['script', 'connect', 'img', 'frame'] as const) {
          const hosts = feature[directive].filter(
            // A host two features share stays while either is on.
            (host) =>
              isOn ||
              ![GOOGLE_ANALYTICS, PLAUSIBLE, ADSENSE].some(
                (other, i) => [ga, plausible, adsense][i] && other[directive].includes(host),
              ),
          );
          expect(isOn ? has(`${directive}-src`, hosts) : hasNone(`${directive}-src`, hosts)).toBe(true);
        }
      }
      expect(directives['script-src'][0]).toBe("'self'");
    },
  );
});
