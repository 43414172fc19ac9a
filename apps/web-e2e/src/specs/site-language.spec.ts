import type { ChannelStats, SiteLanguage, Video, VideoDetail } from '@app/contracts';
import { type APIRequestContext, type Page } from '@playwright/test';
import { signedInApi, writeSetting } from '../pages/admin-api';
import { workerStackUrl } from '../support/servers';
import { expect, test } from '../support/test';

/**
 * Issue 26: the public site in the language the admin picks. Each test sets `siteLanguage` on its worker's own
 * stack and puts English back. The expected texts are written here, not read from the catalogues, so a wrong
 * or missing translation fails.
 */
test.describe.configure({ mode: 'serial' });

interface Expected {
  latestVideos: string;
  watchOnYouTube: string;
  /** How a card's age reads ("3 days ago"). */
  age: RegExp;
}

const LANGUAGES: Record<Exclude<SiteLanguage, 'en-XA'>, Expected> = {
  en: {
    latestVideos: 'Latest Videos',
    watchOnYouTube: 'Watch on YouTube',
    age: /^(today|\d+ (day|week|month)s? ago)$/,
  },
  es: {
    latestVideos: 'Últimos vídeos',
    watchOnYouTube: 'Ver en YouTube',
    age: /^(hoy|ayer|anteayer|hace \d+ (día|semana|mes)(s|es)?|la semana pasada|el mes pasado)$/,
  },
  'pt-BR': {
    latestVideos: 'Vídeos mais recentes',
    watchOnYouTube: 'Assistir no YouTube',
    age: /^(hoje|ontem|anteontem|há \d+ (dia|semana|mês|meses)s?|semana passada|mês passado)$/,
  },
  fr: {
    latestVideos: 'Dernières vidéos',
    watchOnYouTube: 'Regarder sur YouTube',
    age: /^(aujourd’hui|hier|avant-hier|il y a \d+ (jour|semaine|mois)s?|la semaine dernière|le mois dernier)$/,
  },
  de: {
    latestVideos: 'Neueste Videos',
    watchOnYouTube: 'Auf YouTube ansehen',
    age: /^(heute|gestern|vorgestern|vor \d+ (Tag|Woche|Monat)(en|e)?|letzte Woche|letzten Monat)$/,
  },
  ja: {
    latestVideos: '最新の動画',
    watchOnYouTube: 'YouTube で見る',
    age: /^(今日|昨日|一昨日|\d+ ?(日|週間|か月) ?前|先週|先月)$/,
  },
};

let api: APIRequestContext;

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from the pattern
test.beforeAll(async ({}, testInfo) => {
  api = await signedInApi(workerStackUrl('settings', testInfo.parallelIndex));
});

test.afterEach(async () => {
  await writeSetting(api, 'siteLanguage', 'en');
});

test.afterAll(async () => {
  await api.dispose();
});

/** The product's own count format for English, `Intl`'s compact notation for the others. */
function compact(count: number, language: SiteLanguage): string {
  if (language !== 'en') {
    return new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(count);
  }
  if (count >= 1_000_000) return `${(Math.round(count / 100_000) / 10).toFixed(1)}M`;
  if (count >= 1_000) return `${Math.round(count / 1_000)}K`;
  return String(count);
}

/** Console errors and warnings (a hydration mismatch is one) and uncaught errors. */
/**
 * The page's console errors and warnings and its uncaught errors. `missingPage`: the address of a page that answers
 * 404 on purpose, whose status line Chromium logs as an error (that one only is left out).
 */
function problems(page: Page, missingPage?: string): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.location().url.startsWith('https://i.ytimg.com/')) return;
    if (missingPage && m.location().url === missingPage && m.text().includes('status of 404')) return;
    if (m.type() === 'error' || m.type() === 'warning') seen.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.push(`pageerror: ${e.message}`));
  return seen;
}

for (const [language, expected] of Object.entries(LANGUAGES) as [SiteLanguage, Expected][]) {
  test(
    `${language}: / and a watch page speak it, count and date in it, and hydrate without a warning`,
    { tag: '@behaviour' },
    async ({ page, request }) => {
      await writeSetting(api, 'siteLanguage', language);
      const stats = (await (await request.get('/api/channel/stats')).json()) as ChannelStats;
      const [newest] = (await (await request.get('/api/videos?sort=recent&limit=1')).json()) as Video[];
      const seen = problems(page);

      await page.goto('/');
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 2, name: expected.latestVideos })).toBeVisible();
      // The demo states its total views (null only in feed mode, where the hero leaves the stat out).
      expect(stats.viewCount).not.toBeNull();
      await expect(page.getByTestId('stat-views-value')).toHaveText(compact(stats.viewCount!, language));
      const card = page.locator(`article[data-video-id="${newest.id}"]`);
      const age = (await card.locator(`a[href="/videos/${newest.id}"]`).first().innerText())
        .split('\n')[0]
        .trim();
      expect(age).toMatch(expected.age);

      await page.goto(`/videos/${newest.id}`);
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      const detail = (await (await request.get(`/api/videos/${newest.id}`)).json()) as VideoDetail;
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('link', { name: expected.watchOnYouTube })).toBeVisible();
      const day = new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language, {
        dateStyle: 'medium',
        timeZone: 'UTC',
      });
      await expect(page.locator('article time').first()).toHaveText(day.format(new Date(detail.publishedAt)));
      await page.waitForLoadState('networkidle');
      expect(seen).toEqual([]);
    },
  );
}

test(
  'without JavaScript, the HTML is already in the chosen language',
  { tag: '@behaviour' },
  async ({ browser, baseURL }) => {
    await writeSetting(api, 'siteLanguage', 'fr');
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 2, name: 'Dernières vidéos' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Playlists à la une' })).toBeVisible();
    // Not a word of the English page's own texts (the owner's titles may be in any language).
    await expect(page.getByText('Latest Videos')).toHaveCount(0);
    await expect(page.getByText('Watch Latest Videos')).toHaveCount(0);
    await context.close();
  },
);

test(
  'a first visit to a missing page gets the 404 in the site’s language, never English first',
  { tag: '@behaviour' },
  async ({ browser, baseURL }) => {
    await writeSetting(api, 'siteLanguage', 'fr');
    // A new context: nothing remembered in this browser (no cached settings).
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    // Every text the page ever shows, from its first paint on.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenTexts: string[] }).seenTexts = seen;
      new MutationObserver(() => seen.push(document.body?.innerText ?? '')).observe(document, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    const seen = problems(page, `${baseURL}/no-such-page`);
    expect((await page.goto('/no-such-page'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page introuvable' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Retour à l’accueil' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const texts = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
    expect(texts.filter((text) => /404 Page Not Found|Back to the home page/.test(text))).toEqual([]);
    expect(seen).toEqual([]);
    await context.close();
  },
);

test('the pseudo-locale overflows nothing and clips no button', async ({ page }) => {
  await writeSetting(api, 'siteLanguage', 'en-XA');
  await page.goto('/');
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await expect(page.getByRole('heading', { level: 2, name: /^\[Ĺ|^\[L/ }).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a[class*="Button"], .mantine-Button-root')]
      .filter((b) => b.offsetParent !== null)
      .filter(
        (b) => b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right > window.innerWidth + 1,
      )
      .map((b) => b.innerText.trim() || b.getAttribute('aria-label')),
  );
  expect(clipped, 'buttons whose text is cut or that stick out').toEqual([]);
});
