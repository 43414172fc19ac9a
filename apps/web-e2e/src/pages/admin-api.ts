import type { Settings, SettingsKey } from '@app/contracts';
import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';

/** Reads settings back through the API with the page's session (`GET /api/admin/settings`: every key, secrets masked). */
export async function readSettings(request: APIRequestContext): Promise<Settings> {
  const res = await request.get('/api/admin/settings');
  expect(res.status()).toBe(200);
  return (await res.json()) as Settings;
}

export async function readSetting<K extends SettingsKey>(
  request: APIRequestContext,
  key: K,
): Promise<Settings[K]> {
  return (await readSettings(request))[key];
}

/** Writes a setting straight through the API (to prepare or restore a state). */
export async function writeSetting<K extends SettingsKey>(
  request: APIRequestContext,
  key: K,
  value: Settings[K],
): Promise<void> {
  const res = await request.post(`/api/settings/${key}`, { data: { value } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Collects the page's `POST /api/settings/{key}` requests. */
export function recordSettingPosts(page: Page, key: SettingsKey): Request[] {
  const posts: Request[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === `/api/settings/${key}`) posts.push(req);
  });
  return posts;
}

/** Waits for the page to save `key` and returns the value it sent. */
export async function savedSetting<K extends SettingsKey>(
  page: Page,
  key: K,
  action: () => Promise<unknown>,
) {
  const [response] = await Promise.all([
    page.waitForResponse(
      (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === `/api/settings/${key}`,
    ),
    action(),
  ]);
  return {
    status: response.status(),
    sent: (response.request().postDataJSON() as { value: Settings[K] }).value,
  };
}
