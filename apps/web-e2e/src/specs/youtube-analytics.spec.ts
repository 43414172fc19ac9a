import {
  apiPaths,
  type SponsorReportLink,
  type Sponsorship,
  type Video,
  type YoutubeAnalyticsStatus,
} from '@app/contracts';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { AdminPage } from '../pages/admin-page';
import { GOOGLE_FAKE_URL, serverUrl } from '../support/servers';

// The owner's Google account, end to end on the google stack (the real stack's channel) and the fake Google of
// tools/fake-google, whose consent page stands in for Google's. The tests change the stack's connection, so they
// run one after the other.
const origin = serverUrl('google');
test.use({ baseURL: origin });
test.describe.configure({ mode: 'serial' });

/** A state-changing call of the signed-in page, with the site's Origin as the dashboard sends it. */
const post = (page: Page, path: string, data?: unknown) =>
  page.request.post(path, { data, headers: { Origin: origin } });

async function status(request: APIRequestContext): Promise<YoutubeAnalyticsStatus> {
  const res = await request.get(apiPaths.youtubeAnalyticsStatus);
  expect(res.status()).toBe(200);
  return (await res.json()) as YoutubeAnalyticsStatus;
}

/** On the fake Google's consent page: the owner's account is chosen; Allow sends the browser back. */
async function allowOnGoogle(page: Page): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${GOOGLE_FAKE_URL}/accounts\\.google\\.com/`));
  await expect(page.getByRole('heading', { name: /wants access to your Google Account/ })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/admin/);
}

async function openGoogleCard(admin: AdminPage) {
  await admin.openTab('Integrations', 'Overview');
  const card = admin.page.getByTestId('google-account-card');
  await expect(card).toBeVisible();
  return card;
}

/** The sponsor report of a deal on `video`, opened by a visitor with no session (a fresh browser context). */
async function openReportAnonymously(page: Page, browser: Browser, video: Video): Promise<void> {
  const deal = await post(page, apiPaths.sponsorships, {
    sponsorName: 'Acme Tools',
    url: 'https://acme.example/offer',
    amountUsd: 500,
    startDate: video.publishedAt.slice(0, 10),
    endDate: video.publishedAt.slice(0, 10),
    videoIds: [video.id],
  });
  expect(deal.status(), await deal.text()).toBe(201);
  const { id } = (await deal.json()) as Sponsorship;
  const made = await post(page, apiPaths.sponsorshipReportLinks(id));
  expect(made.status(), await made.text()).toBe(201);
  const link = (await made.json()) as SponsorReportLink;
  const visitor = await browser.newContext();
  try {
    const report = await visitor.newPage();
    const res = await report.goto(link.url!);
    expect(res!.status()).toBe(200);
    expect(res!.headers()['x-robots-tag']).toMatch(/noindex/);
    await expect(report.getByRole('heading', { level: 1 })).toHaveText('Acme Tools');
    await expect(report.getByRole('heading', { level: 2, name: video.title })).toBeVisible();
    // Each figure says it was read from YouTube Analytics, and when.
    await expect(report.getByText(/YouTube Analytics/).first()).toBeVisible();
    expect(await visitor.cookies()).toEqual([]);
  } finally {
    await visitor.close();
  }
}

test('the owner connects Google on its consent page; the first import fills each YouTube subtab; a sponsor report opens to anyone with its link; Disconnect ends it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = new AdminPage(page);
  await admin.signIn();
  const card = await openGoogleCard(admin);
  await page.getByRole('button', { name: 'Connect Google account' }).click();
  await allowOnGoogle(page);
  await expect(card).toContainText('Connected as');

  // The first import reads up to a year back; the view shows its progress, then the figures.
  await expect
    .poll(async () => (await status(page.request)).firstImport?.done ?? false, { timeout: 60_000 })
    .toBe(true);
  await admin.openTab('Analytics');
  await admin.choose('Source', 'YouTube');
  await expect(page.getByRole('heading', { name: 'YouTube analytics', exact: true })).toBeVisible();
  await expect(page.getByTestId('youtube-status')).toContainText(/queries/i);
  const sections = page.getByRole('tablist', { name: 'YouTube Analytics sections' });
  const cards: [string, string][] = [
    ['Overview', 'Views and watch hours on YouTube'],
    ['Content', 'Videos on YouTube'],
    ['Audience', 'YouTube views from this site'],
    // Connected without Revenue: the view says so, with no figure.
    ['Revenue', 'Revenue is not granted'],
  ];
  for (const [section, name] of cards) {
    await sections.getByRole('tab', { name: section, exact: true }).click();
    await expect(
      page.getByRole('region', { name }).or(page.getByRole('img', { name })).first(),
    ).toBeVisible();
  }
  await sections.getByRole('tab', { name: 'Overview', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Views' })).toContainText(/[1-9]/);

  const [video] = (await (await page.request.get('/api/videos?sort=popular&limit=1')).json()) as Video[];
  await openReportAnonymously(page, browser, video);

  await openGoogleCard(admin);
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('button', { name: 'Connect Google account' })).toBeVisible();
  await admin.openTab('Analytics');
  await admin.choose('Source', 'YouTube');
  await expect(page.getByText('YouTube Analytics is not connected')).toBeVisible();
});

test('a grant revoked at Google shows Reconnect needed, and Reconnect on the consent page brings the figures back', async ({
  page,
}) => {
  const admin = new AdminPage(page);
  await admin.signIn();
  const card = await openGoogleCard(admin);
  await page.getByRole('button', { name: 'Connect Google account' }).click();
  await allowOnGoogle(page);
  await expect(card).toContainText('Connected as');

  // The owner removes the site's access in their Google account: the next refresh answers invalid_grant.
  const revoked = await fetch(`${GOOGLE_FAKE_URL}/__fake/grants/revoke`, { method: 'POST' });
  expect(revoked.ok).toBe(true);
  await fetch(`${GOOGLE_FAKE_URL}/__fake/tokens/expire`, { method: 'POST' });
  await post(page, apiPaths.youtubeAnalyticsRefresh);
  await expect
    .poll(async () => (await status(page.request)).connection, { timeout: 20_000 })
    .toBe('reconnect-needed');

  await page.reload();
  await openGoogleCard(admin);
  await expect(page.getByTestId('google-account-problem')).toBeVisible();
  await page.getByRole('button', { name: 'Reconnect Google account' }).click();
  await allowOnGoogle(page);
  await expect(card).toContainText('Connected as');
  await expect.poll(async () => (await status(page.request)).connection).toBe('connected');
  const gone = await page.request.delete(apiPaths.googleAccount, { headers: { Origin: origin } });
  expect(gone.ok()).toBe(true);
});
