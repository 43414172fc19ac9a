import {
  apiPaths,
  GOOGLE_RETURN_PATH,
  type GoogleAccountStatus,
  type GoogleAuthorization,
} from '@app/contracts';
import type { FakeGoogleStartedLine } from '@app/contracts/fake-google';
import type TestAgent from 'supertest/lib/agent';
import type { FakeService } from './fake-services';

/** What the owner does on the fake Google's consent page (tools/fake-google/consent-page.ts). */
export interface ConsentChoice {
  /** The account chosen; the owner's when not given. */
  account?: string;
  decision?: 'allow' | 'deny';
  /** Scopes left unticked. */
  untick?: string[];
}

/**
 * The browser's part on Google: opens the consent page at `authorizationUrl`, posts its form as the choice says,
 * and resolves with where Google sends the browser back (the site's callback, with `code` and `state` or `error`).
 */
export async function consentAt(
  google: FakeService<FakeGoogleStartedLine>,
  authorizationUrl: string,
  choice: ConsentChoice = {},
): Promise<URL> {
  const page = await fetch(authorizationUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`the consent page answered ${page.status}: ${html}`);
  const requestId = /name="request" value="([^"]+)"/.exec(html)?.[1];
  if (!requestId) throw new Error(`no consent form in ${html}`);
  const asked = [...html.matchAll(/name="scope" value="([^"]+)"/g)].map((m) => m[1]);
  const form = new URLSearchParams({
    request: requestId,
    account: choice.account ?? google.info.owner.email,
    decision: choice.decision ?? 'allow',
  });
  for (const scope of asked.filter((s) => !choice.untick?.includes(s))) form.append('scope', scope);
  const res = await fetch(`${google.info.baseUrl}/accounts.google.com/o/oauth2/v2/auth/consent`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  if (res.status !== 302) throw new Error(`the consent form answered ${res.status}`);
  return new URL(res.headers.get('location')!);
}

/** The dashboard's Connect: the consent page's address. */
export async function startConnect(admin: TestAgent, revenue = false): Promise<string> {
  const res = await admin.post(apiPaths.googleAccountConnect).send({ revenue }).expect(200);
  return (res.body as GoogleAuthorization).authorizationUrl;
}

/** Google's redirect back to the site, followed by the admin's browser: always back to the dashboard. */
export async function followCallback(admin: TestAgent, back: URL): Promise<void> {
  const res = await admin.get(`${back.pathname}${back.search}`);
  if (res.status !== 303 || res.headers.location !== GOOGLE_RETURN_PATH) {
    throw new Error(`the callback answered ${res.status} ${res.headers.location ?? res.text}`);
  }
}

export async function googleStatus(admin: TestAgent): Promise<GoogleAccountStatus> {
  return (await admin.get(apiPaths.googleAccount).expect(200)).body as GoogleAccountStatus;
}

/** Connect, consent and come back, as the owner does it from the dashboard; resolves with the card's state after. */
export async function connectGoogle(
  admin: TestAgent,
  google: FakeService<FakeGoogleStartedLine>,
  options: ConsentChoice & { revenue?: boolean } = {},
): Promise<GoogleAccountStatus> {
  const back = await consentAt(google, await startConnect(admin, options.revenue), options);
  await followCallback(admin, back);
  return googleStatus(admin);
}
