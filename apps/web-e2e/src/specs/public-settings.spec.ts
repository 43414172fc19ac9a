import { publicSettingsKeys, settingsDefaults, type PublicSettings } from '@app/contracts';
import { type APIRequestContext, type Page } from '@playwright/test';
import { AdminPage } from '../pages/admin-page';
import { fakeYoutubeChannel } from '../pages/admin-servers';
import { HomePage } from '../pages/home-page';
import { readSettings, savedSetting, signedInApi, writeSetting } from '../pages/admin-api';
import { workerStackUrl } from '../support/servers';
import { expect, test } from '../support/test';
import { attachScreenshot } from '../support/screenshots';

// Each test changes the settings of its worker's own stack and puts every public key back.
// Tests of behaviour, not layout, run on desktop only (the settings-mobile project leaves them out): npm test
// stays short, and the phone keeps what depends on its width: the grid's columns, and the consent banner, whose
// buttons it clicks at 390 px. The toggled sections, the hero background and the ad placements are asserted by
// attributes and requests, the same at every width.
const BEHAVIOUR = { tag: '@behaviour' };
test.describe.configure({ mode: 'serial' });

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let api: APIRequestContext;

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from the pattern
test.beforeAll(async ({}, testInfo) => {
  api = await signedInApi(workerStackUrl('settings', testInfo.parallelIndex));
});

test.afterEach(async () => {
  for (const key of publicSettingsKeys) {
    await writeSetting(api, key, settingsDefaults[key] as never);
  }
});

test.afterAll(async () => {
  await api.dispose();
});

async function set(patch: Partial<PublicSettings>): Promise<void> {
  for (const [key, value] of Object.entries(patch)) {
    await writeSetting(api, key as keyof PublicSettings, value as never);
  }
}

/**
 * The analytics and ad hosts: what "nothing loads before it is enabled (or consented to)" is about. YouTube's
 * thumbnails (i.ytimg.com, a demo video's among them) are not trackers and may load at any time.
 */
const ANALYTICS_AND_ADS =
  /^https:\/\/(www\.googletagmanager\.com|plausible\.io|pagead2\.googlesyndication\.com)\//;
const trackers = (asked: string[]) => asked.filter((url) => ANALYTICS_AND_ADS.test(url));

/** Stands in for the third-party hosts (closed network) and records what the page asked them for. */
async function stubThirdParties(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route(
    /^https:\/\/(www\.googletagmanager\.com|plausible\.io|pagead2\.googlesyndication\.com|i\.ytimg\.com)\//,
    (route) => {
      asked.push(route.request().url());
      const image = route.request().resourceType() === 'image';
      return image
        ? route.fulfill({ contentType: 'image/png', body: Buffer.from(PNG.split(',')[1], 'base64') })
        : route.fulfill({ contentType: 'text/javascript', body: '' });
    },
  );
  return asked;
}

async function open(page: Page): Promise<HomePage> {
  const home = new HomePage(page);
  await home.goto();
  await home.loaded();
  return home;
}

const css = (page: Page, selector: string, property: string) =>
  page.evaluate(
    ([sel, prop]) => getComputedStyle(document.querySelector(sel)!).getPropertyValue(prop).trim(),
    [selector, property],
  );

const DARK_BODY = 'rgb(15, 15, 15)';
const LIGHT_BODY = 'rgb(255, 255, 255)';

test(
  'colour scheme without JavaScript: the server’s HTML is dark, light, or auto by the visitor’s scheme',
  BEHAVIOUR,
  async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      ...test.info().project.use,
      baseURL,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    const body = () => css(page, 'body', 'background-color');
    await page.goto('/');
    expect(await body()).toBe(DARK_BODY);
    const watchPath = await page.locator('a[href^="/videos/"]').first().getAttribute('href');

    await set({ colorScheme: 'light' });
    for (const path of ['/', watchPath!]) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
      expect(await body(), path).toBe(LIGHT_BODY);
    }

    await set({ colorScheme: 'auto' });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    expect(await body()).toBe(LIGHT_BODY);
    expect(await css(page, 'body', 'color')).toBe('rgb(15, 15, 15)');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await body()).toBe(DARK_BODY);
    await context.close();
  },
);

test(
  'colour scheme with JavaScript: light and auto paint in the site’s scheme from the first frame, and the app never changes it',
  BEHAVIOUR,
  async ({ page }, testInfo) => {
    // What <html>'s scheme and the body's background were once the body was parsed (before that nothing of the
    // page is drawn), and every change of the scheme after it.
    await page.addInitScript(() => {
      const w = window as unknown as { firstPaint?: string[]; schemeChanges: string[] };
      const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');
      w.schemeChanges = [];
      // On the document, which exists before its <html> is parsed.
      new MutationObserver((records) => {
        for (const record of records)
          if (record.target === document.documentElement && document.body && record.oldValue !== scheme())
            w.schemeChanges.push(`${record.oldValue} → ${scheme()}`);
      }).observe(document, {
        subtree: true,
        attributeFilter: ['data-mantine-color-scheme'],
        attributeOldValue: true,
      });
      document.addEventListener('DOMContentLoaded', () => {
        w.firstPaint = [scheme()!, getComputedStyle(document.body).backgroundColor];
      });
    });
    const seen = () =>
      page.evaluate(() => {
        const w = window as unknown as { firstPaint?: string[]; schemeChanges: string[] };
        return { firstPaint: w.firstPaint, changes: w.schemeChanges };
      });

    await set({ colorScheme: 'light' });
    await open(page);
    expect(await seen()).toEqual({ firstPaint: ['light', LIGHT_BODY], changes: [] });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(await css(page, 'body', 'background-color')).toBe(LIGHT_BODY);
    expect(await css(page, 'body', 'color')).toBe('rgb(15, 15, 15)');
    await attachScreenshot(testInfo, 'light', page);

    await set({ colorScheme: 'auto' });
    await page.emulateMedia({ colorScheme: 'light' });
    await open(page);
    expect(await seen()).toEqual({ firstPaint: ['light', LIGHT_BODY], changes: [] });
    expect(await css(page, 'body', 'background-color')).toBe(LIGHT_BODY);
    // The app follows a change of the visitor's scheme.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await css(page, 'body', 'background-color')).toBe(DARK_BODY);
  },
);

test('colours and theme: primary, accent, background and text', BEHAVIOUR, async ({ page }, testInfo) => {
  await set({
    primaryColor: '#00AA55',
    accentColor: '#FFAA00',
    backgroundColor: '#101830',
    textColor: '#EEEEFF',
  });
  await open(page);
  expect(await css(page, 'body', 'background-color')).toBe('rgb(16, 24, 48)');
  expect(await css(page, 'body', 'color')).toBe('rgb(238, 238, 255)');
  expect((await css(page, 'html', '--app-primary')).toUpperCase()).toBe('#00AA55');
  expect((await css(page, 'html', '--app-accent')).toUpperCase()).toBe('#FFAA00');
  await attachScreenshot(testInfo, 'colours', page);

  await set({
    primaryColor: '#FF0000',
    accentColor: '#3EA6FF',
    backgroundColor: '#0F0F0F',
    textColor: '#FFFFFF',
  });
  await set({ selectedTheme: 'purple-night' });
  await open(page);
  expect(await css(page, 'body', 'background-color')).toBe('rgb(19, 17, 28)');
  expect((await css(page, 'html', '--app-primary')).toUpperCase()).toBe('#A855F7');
});

test(
  'fonts: each chosen family is downloaded and used; no other family is fetched',
  BEHAVIOUR,
  async ({ page, browser, baseURL }) => {
    const fontsOf = (target: Page) => {
      const fonts: string[] = [];
      target.on('request', (r) => {
        if (r.resourceType() === 'font') fonts.push(new URL(r.url()).pathname);
      });
      return fonts;
    };
    const defaults = fontsOf(page);
    await open(page);
    // Inter (body and headings) and JetBrains Mono (durations) are the defaults.
    expect(defaults.filter((f) => !/inter-latin|jetbrains-mono-latin-400/.test(f))).toEqual([]);

    await set({ headingFont: 'Poppins', bodyFont: 'Lato', monoFont: 'Fira Code' });
    // A visitor who has been here since the change: the page remembers the settings, so not even
    // the prerendered first paint asks for Inter.
    const context = await browser.newContext({ ...test.info().project.use, baseURL });
    const learn = await context.newPage();
    await open(learn);
    // The first page fetches the faces after its load and remembers them for the next (web-fonts.ts).
    await expect.poll(() => learn.evaluate(() => localStorage.getItem('webfonts'))).toBe('on');
    await learn.close();
    const visit = await context.newPage();
    const fonts = fontsOf(visit);
    const home = await open(visit);
    await expect.poll(() => css(visit, 'h1', 'font-family')).toMatch(/^"?Poppins"?,/);
    expect(await css(visit, 'body', 'font-family')).toMatch(/^"?Lato"?,/);
    await home.videos.scrollIntoViewIfNeeded();
    await expect.poll(() => fonts.some((f) => /poppins-latin-700/.test(f))).toBe(true);
    await expect.poll(() => fonts.some((f) => /lato-latin-400/.test(f))).toBe(true);
    await expect.poll(() => fonts.some((f) => /fira-code-latin-400/.test(f))).toBe(true);
    expect(await visit.evaluate(() => document.fonts.check('700 16px Poppins'))).toBe(true);
    expect(fonts.filter((f) => !/poppins|lato|fira-code/.test(f))).toEqual([]);
    await context.close();
  },
);

test('base font size scales the text', BEHAVIOUR, async ({ page }) => {
  await open(page);
  expect(await css(page, 'html', 'font-size')).toBe('16px');
  await set({ baseFontSize: 18 });
  await open(page);
  expect(await css(page, 'html', 'font-size')).toBe('18px');
  await set({ baseFontSize: 14 });
  await open(page);
  expect(await css(page, 'html', 'font-size')).toBe('14px');
});

test('video grid columns: 3, 4 or 5 on wide screens, one column on a phone', async ({ page, isMobile }) => {
  const columns = () =>
    page.evaluate(
      () =>
        getComputedStyle(document.querySelector('[data-testid=video-grid]')!).gridTemplateColumns.split(' ')
          .length,
    );
  for (const count of [3, 4, 5] as const) {
    await set({ videoGridColumns: count });
    await open(page);
    expect(await columns()).toBe(isMobile ? 1 : count);
  }
});

// The slide-out menu is in the page at every width (hidden above 62em), so desktop checks its links too.
test(
  'show toggles hide the featured video, playlists, subscriber count and community',
  BEHAVIOUR,
  async ({ page }, testInfo) => {
    await set({
      showFeaturedVideo: false,
      showPlaylistSection: false,
      showSubscriberCount: false,
      showCommunitySection: false,
    });
    const home = await open(page);
    await expect(home.featured).toHaveCount(0);
    await expect(home.playlists).toHaveCount(0);
    await expect(home.community).toHaveCount(0);
    await expect(home.stat('subscribers')).toHaveCount(0);
    await expect(home.stat('videos')).toBeVisible();
    await expect(page.locator('a[href="#playlists"], a[href="#about"]')).toHaveCount(0);
    await expect(home.videos).toBeAttached();
    await attachScreenshot(testInfo, 'hidden-sections', page, { fullPage: true });
  },
);

test(
  'hideShorts leaves Shorts out of the grid and its filters; showShortsShelf shows them in vertical cards',
  BEHAVIOUR,
  async ({ page }, testInfo) => {
    const shortIds = (await (await api.get('/api/videos?kind=short')).json()).map(
      (v: { id: string }) => v.id,
    );
    expect(shortIds.length).toBeGreaterThan(0);
    await set({ hideShorts: true });
    const home = await open(page);
    const filters = home.videos.getByRole('group', { name: 'Show' });
    await expect(filters.getByRole('button')).toHaveText(['All', 'Videos', 'Live and replays']);
    const gridIds = async () =>
      home.videoCards.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-video-id')));
    await expect(home.videoCards).toHaveCount(20);
    expect((await gridIds()).filter((id) => shortIds.includes(id))).toEqual([]);
    await expect(home.page.getByTestId('shorts-shelf')).toHaveCount(0);

    await set({ showShortsShelf: true });
    await open(page);
    const shelf = home.page.getByTestId('shorts-shelf');
    await expect(shelf.getByRole('heading', { name: 'Shorts', exact: true })).toBeVisible();
    const shelfCards = shelf.locator('article[data-video-id]');
    await expect(shelfCards).toHaveCount(Math.min(12, shortIds.length));
    expect(
      await shelfCards.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-video-id'))),
    ).toEqual(shortIds.slice(0, 12));
    const box = (await shelfCards.first().locator('button').first().boundingBox())!;
    expect(box.height / box.width).toBeCloseTo(16 / 9, 1);
    await shelf.scrollIntoViewIfNeeded();
    await attachScreenshot(testInfo, 'shorts-shelf', page);
  },
);

test(
  'hero background: gradient, image, video file; a YouTube address keeps the gradient (nothing asked of YouTube)',
  BEHAVIOUR,
  async ({ page }, testInfo) => {
    const asked = await stubThirdParties(page);
    const home = await open(page);
    await expect(home.hero).toHaveAttribute('data-background', 'gradient');

    await set({ heroBackgroundType: 'image', heroImage: PNG });
    await open(page);
    await expect(home.hero).toHaveAttribute('data-background', 'image');
    await expect(home.hero.locator('img')).toHaveAttribute('src', PNG);
    await attachScreenshot(testInfo, 'hero-image', page);

    await set({ heroBackgroundType: 'video', heroVideoUrl: 'https://cdn.example.com/hero.mp4' });
    await page.route('https://cdn.example.com/**', (route) => route.fulfill({ status: 404 }));
    await open(page);
    await expect(home.hero).toHaveAttribute('data-background', 'video');
    await expect(home.hero.locator('video')).toHaveAttribute('src', 'https://cdn.example.com/hero.mp4');
    expect(await home.hero.locator('video').evaluate((v: HTMLVideoElement) => v.muted && v.loop)).toBe(true);

    await set({ heroVideoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    await open(page);
    await expect(home.hero).toHaveAttribute('data-background', 'gradient');
    await expect(home.hero.locator('img, video')).toHaveCount(0);
    expect(asked.filter((u) => /^https:\/\/([\w-]+\.)*(ytimg|youtube|ggpht)\.com\//.test(u))).toEqual([]);
  },
);

test(
  'logo, favicon, title, description, keywords, Open Graph and Twitter tags',
  BEHAVIOUR,
  async ({ page }) => {
    await set({
      logoImage: PNG,
      faviconImage: PNG,
      siteTitle: 'Code Academy',
      siteDescription: 'Tutorials for web developers.',
      metaKeywords: 'react, typescript',
      ogImage: 'https://cdn.example.com/og.png',
      twitterHandle: '@codeacademy',
    });
    const home = await open(page);
    await expect(home.header.getByRole('link', { name: 'Code Academy home' }).locator('img')).toHaveAttribute(
      'src',
      PNG,
    );
    await expect(page).toHaveTitle('Code Academy');
    const meta = (selector: string) => page.locator(`head ${selector}`);
    // The owner's favicon is set by the page's app (document-head.tsx), which starts at the visitor's first click it
    // handles; the server's head does not carry it yet.
    await page.getByRole('link', { name: 'Videos', exact: true }).first().click();
    await expect(page.locator('html')).toHaveAttribute('data-app', 'running');
    await expect(meta('link[rel="icon"]')).toHaveAttribute('href', PNG);
    await expect(meta('meta[name="description"]')).toHaveAttribute(
      'content',
      'Tutorials for web developers.',
    );
    await expect(meta('meta[name="keywords"]')).toHaveAttribute('content', 'react, typescript');
    await expect(meta('meta[property="og:title"]')).toHaveAttribute('content', 'Code Academy');
    await expect(meta('meta[property="og:description"]')).toHaveAttribute(
      'content',
      'Tutorials for web developers.',
    );
    await expect(meta('meta[property="og:image"]')).toHaveAttribute(
      'content',
      'https://cdn.example.com/og.png',
    );
    await expect(meta('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(meta('meta[name="twitter:site"]')).toHaveAttribute('content', '@codeacademy');
    await expect(meta('meta[name="twitter:title"]')).toHaveAttribute('content', 'Code Academy');
    // The script updated the server's tags rather than adding its own.
    await expect(meta('title')).toHaveCount(1);
    await expect(meta('meta[property="og:title"]')).toHaveCount(1);

    // Link previews run no script: the HTML the server sends carries the same tags (the page model’s head, GET /api/page).
    for (const path of ['/', '/admin']) {
      const html = await (await page.request.get(path)).text();
      expect(html.match(/<title>/g)).toHaveLength(1);
      // `/admin` without a session is the login screen, which names its page itself.
      expect(html).toContain(
        path === '/admin' ? '<title>Admin login</title>' : '<title>Code Academy</title>',
      );
      expect(html).toContain('<meta property="og:image" content="https://cdn.example.com/og.png" />');
      expect(html).toContain('<meta name="twitter:site" content="@codeacademy" />');
      expect(html).toContain('<meta name="keywords" content="react, typescript" />');
      expect(html).not.toContain('<!--#');
    }
  },
);

test(
  'the server renders the settings: a title, a section switch and a theme are in the next HTML',
  BEHAVIOUR,
  async ({ page }) => {
    const rendered = async () => (await page.request.get('/', { headers: { Accept: 'text/html' } })).text();
    const before = await rendered();
    expect(before).toContain('id="featured"');
    expect(before.toUpperCase()).not.toContain('#A855F7');
    await set({ siteTitle: 'Rendered Academy', showFeaturedVideo: false, selectedTheme: 'purple-night' });
    // No script runs here: what a crawler or a link preview gets right after the save.
    const after = await rendered();
    expect(after).toContain('aria-label="Rendered Academy home"');
    expect(after).not.toContain('id="featured"');
    expect(after.toUpperCase()).toContain('#A855F7');
    // And the browser hydrates it as it is.
    const home = await open(page);
    await expect(home.header.getByRole('link', { name: 'Rendered Academy home' })).toBeVisible();
    await expect(home.featured).toHaveCount(0);
  },
);

test(
  'the channel id makes the subscribe links; RSS and the legal texts show when set',
  BEHAVIOUR,
  async ({ page }) => {
    // Saving a channel asks YouTube's feed whether it exists (issue 24): the settings stacks read the fake's.
    const { id: channelId } = await fakeYoutubeChannel();
    await set({
      channelId,
      privacyPolicyContent: 'We keep no personal data.\nNone at all.',
    });
    const home = await open(page);
    const url = `https://www.youtube.com/channel/${channelId}?sub_confirmation=1`;
    await expect(home.subscribeBanner).toHaveAttribute('href', url);
    await expect(home.hero.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', url);
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      'href',
      '/rss.xml',
    );
    await page.getByRole('contentinfo').getByRole('button', { name: 'Privacy Policy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Privacy Policy' });
    await expect(dialog).toContainText('We keep no personal data.');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await set({ enableRSS: false });
    await open(page);
    await expect(page.locator('head link[type="application/rss+xml"]')).toHaveCount(0);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'RSS' })).toHaveCount(0);
  },
);

test('Google Analytics and Plausible load only when enabled', BEHAVIOUR, async ({ page }) => {
  const asked = await stubThirdParties(page);
  await set({ googleAnalyticsId: 'G-TEST12345', plausibleDomain: 'example.com' });
  await open(page);
  await page.waitForLoadState('networkidle');
  expect(trackers(asked)).toEqual([]);

  await set({ enableGoogleAnalytics: true, enablePlausible: true });
  await open(page);
  await expect.poll(() => asked).toContain('https://www.googletagmanager.com/gtag/js?id=G-TEST12345');
  await expect.poll(() => asked).toContain('https://plausible.io/js/script.js');
  await expect(page.locator('script[src="https://plausible.io/js/script.js"]')).toHaveAttribute(
    'data-domain',
    'example.com',
  );
  expect(
    await page.evaluate(() => JSON.stringify((window as unknown as { dataLayer: unknown[] }).dataLayer)),
  ).toContain('G-TEST12345');
});

test(
  'AdSense units appear in the enabled placements only, and only with a publisher id',
  BEHAVIOUR,
  async ({ page }, testInfo) => {
    const asked = await stubThirdParties(page);
    await set({
      adSlots: { ...settingsDefaults.adSlots, displayHorizontal: '1111111111', inArticle: '2222222222' },
    });
    await set({ adPlacements: { topBanner: true, inContent: false, stickyFooter: true } });
    await open(page);
    await expect(page.locator('ins.adsbygoogle')).toHaveCount(0);

    await set({ adsensePublisherId: 'ca-pub-1234567890123456' });
    await open(page);
    await expect(page.locator('[data-ad-placement]')).toHaveCount(2);
    await expect(page.locator('[data-ad-placement="topBanner"] ins')).toHaveAttribute(
      'data-ad-slot',
      '1111111111',
    );
    await expect(page.locator('[data-ad-placement="stickyFooter"] ins')).toHaveAttribute(
      'data-ad-client',
      'ca-pub-1234567890123456',
    );
    await expect(page.locator('[data-ad-placement="inContent"]')).toHaveCount(0);
    await expect
      .poll(() =>
        asked.some((u) =>
          u.startsWith(
            'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1234567890123456',
          ),
        ),
      )
      .toBe(true);
    await attachScreenshot(testInfo, 'ads', page);

    await set({ adPlacements: { topBanner: false, inContent: true, stickyFooter: false } });
    await open(page);
    await expect(page.locator('[data-ad-placement]')).toHaveCount(1);
    await expect(page.locator('[data-ad-placement="inContent"] ins')).toHaveAttribute(
      'data-ad-slot',
      '2222222222',
    );
  },
);

test('GDPR banner: analytics and ads wait for consent, and the choice is remembered', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const asked = await stubThirdParties(page);
  await set({
    enableGDPRBanner: true,
    enableGoogleAnalytics: true,
    googleAnalyticsId: 'G-TEST12345',
    adsensePublisherId: 'ca-pub-1234567890123456',
  });
  await open(page);
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await attachScreenshot(testInfo, 'gdpr-banner', page);
  await page.waitForLoadState('networkidle');
  expect(trackers(asked)).toEqual([]);
  await expect(page.locator('ins.adsbygoogle')).toHaveCount(0);

  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  await expect.poll(() => asked.some((u) => u.includes('gtag/js?id=G-TEST12345'))).toBe(true);
  await expect(page.locator('ins.adsbygoogle')).not.toHaveCount(0);
  await open(page);
  await expect(banner).toHaveCount(0);

  // Another visitor declines: nothing loads, now or on the next visit.
  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  const otherAsked = await stubThirdParties(other);
  await open(other);
  const otherBanner = other.getByRole('region', { name: 'Cookie consent' });
  await otherBanner.getByRole('button', { name: 'Decline' }).click();
  // Taken once the banner goes (the click may wait for the app to start): reloading before that raced it.
  await expect(otherBanner).toBeHidden();
  await open(other);
  await expect(other.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  await other.waitForLoadState('networkidle');
  expect(trackers(otherAsked)).toEqual([]);
  // The footer lets the visitor change the choice.
  await other.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await expect(other.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  await context.close();
});

test('pinned playlists come first', BEHAVIOUR, async ({ page }) => {
  type Item = { id: string; title: string; pinned: boolean };
  const before = (await (await api.get('/api/playlists')).json()) as Item[];
  const last = before[before.length - 1];
  const pin = (pinned: boolean) => api.post(`/api/playlists/${last.id}/pin`, { data: { pinned } });
  expect((await pin(!last.pinned)).ok()).toBe(true);
  try {
    const now = (await (await api.get('/api/playlists')).json()) as Item[];
    const expected = [...now.filter((p) => p.pinned), ...now.filter((p) => !p.pinned)]
      .slice(0, 6)
      .map((p) => p.title);
    expect(expected.includes(last.title)).toBe(!last.pinned);
    const home = await open(page);
    await expect(home.playlists.getByRole('heading', { level: 3 })).toHaveText(expected);
  } finally {
    await pin(last.pinned);
  }
});

test(
  'community links: Join Now and Follow open the Discord invite and the X profile in a new tab; the admin saves them',
  BEHAVIOUR,
  async ({ page, baseURL }) => {
    // The closed network has no Discord or X: a stand-in page records what the new tabs opened.
    const opened: string[] = [];
    await page.context().route(/^https:\/\/(discord\.gg|discord\.com|x\.com)\//, (route) => {
      opened.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<title>stand-in</title>' });
    });

    // A fresh site: the default buttons, no links.
    let home = await open(page);
    await expect(home.community.getByRole('link')).toHaveCount(0);
    await expect(home.community.getByRole('heading', { level: 3 })).toHaveText([
      'Discord',
      'Twitter',
      'Newsletter',
    ]);

    await set({
      discordInviteUrl: 'https://discord.gg/codewithalex',
      twitterHandle: '@codewithalex',
      communityTwitterTitle: 'X',
      communityTwitterDescription: 'Daily tips.',
    });
    home = await open(page);
    const join = home.community.getByRole('link', { name: /^Join Now/ });
    const follow = home.community.getByRole('link', { name: /^Follow: X/ });
    for (const [link, href] of [
      [join, 'https://discord.gg/codewithalex'],
      [follow, 'https://x.com/codewithalex'],
    ] as const) {
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
      await popup.waitForLoadState();
      expect(popup.url()).toBe(href);
      await popup.close();
    }
    expect(opened).toEqual(['https://discord.gg/codewithalex', 'https://x.com/codewithalex']);
    expect(page.url()).toBe(new URL('/', baseURL).href);
    await expect(home.community.getByText('Daily tips.')).toBeVisible();
    // The newsletter's Subscribe stays a button (it opens the sign-up form, admin-newsletter.spec.ts).
    await expect(home.community.getByRole('button', { name: /^Subscribe/ })).toBeVisible();

    // The admin panel: a bad invite is refused with the failure toast; a good one and a card title save.
    const admin = new AdminPage(page);
    await admin.signIn('?tab=settings&sub=general');
    const invite = page.getByRole('textbox', { name: 'Discord invite URL' });
    await expect(invite).toHaveValue('https://discord.gg/codewithalex');
    await invite.fill('https://example.com/join');
    expect((await savedSetting(page, 'discordInviteUrl', () => invite.blur())).status).toBe(400);
    await admin.expectDestructiveToast(
      'Failed to update settings',
      '400: discordInviteUrl: must be a Discord invite like https://discord.gg/abc123 or https://discord.com/invite/abc123',
    );
    await invite.fill('https://discord.com/invite/alex-live');
    expect(await savedSetting(page, 'discordInviteUrl', () => invite.blur())).toEqual({
      status: 200,
      sent: 'https://discord.com/invite/alex-live',
    });
    const title = page.getByRole('textbox', { name: 'Discord card title' });
    await title.fill('Live chat');
    expect((await savedSetting(page, 'communityDiscordTitle', () => title.blur())).status).toBe(200);
    const stored = await readSettings(page.request);
    expect([stored.discordInviteUrl, stored.communityDiscordTitle]).toEqual([
      'https://discord.com/invite/alex-live',
      'Live chat',
    ]);

    home = await open(page);
    await expect(home.community.getByRole('link', { name: /^Join Now: Live chat/ })).toHaveAttribute(
      'href',
      'https://discord.com/invite/alex-live',
    );
  },
);
