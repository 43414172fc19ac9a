import type { Settings, SettingsKey } from '@app/contracts';
import {
  expect,
  request as newRequest,
  type APIRequestContext,
  type Page,
  type Request,
} from '@playwright/test';

/** An API client signed in as the development admin; state-changing calls carry the site's Origin. */
export async function signedInApi(baseURL: string): Promise<APIRequestContext> {
  const api = await newRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const res = await api.post('/api/auth/login', { data: { username: 'admin', password: 'admin123' } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return api;
}

export async function importBackup(api: APIRequestContext, backup: unknown): Promise<void> {
  const res = await api.post('/api/admin/import', { data: backup, timeout: 120_000 });
  expect(res.ok(), await res.text()).toBeTruthy();
}

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
  expect(res.status(), `${key}: ${await res.text()}`).toBe(200);
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
