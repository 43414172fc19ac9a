import type { PublicSettings } from '@app/contracts';
import { expect, request, type APIRequestContext } from '@playwright/test';

/** An API client signed in as the development admin; state-changing calls carry the site's Origin. */
export async function signedInApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const res = await api.post('/api/auth/login', { data: { username: 'admin', password: 'admin123' } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return api;
}

export async function importBackup(api: APIRequestContext, backup: unknown): Promise<void> {
  const res = await api.post('/api/admin/import', { data: backup, timeout: 120_000 });
  expect(res.ok(), await res.text()).toBeTruthy();
}

export async function setSetting<K extends keyof PublicSettings>(
  api: APIRequestContext,
  key: K,
  value: PublicSettings[K] | null,
): Promise<void> {
  const res = await api.post(`/api/settings/${key}`, { data: { value } });
  expect(res.ok(), `${key}: ${await res.text()}`).toBeTruthy();
}
