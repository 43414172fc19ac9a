import { createHash, randomBytes } from 'node:crypto';
import { GOOGLE_SCOPES } from '@app/contracts/google-account';
import { FAKE_CLIENT } from './accounts';
import { type RunningFakeGoogle, startFakeGoogle } from './server';

/**
 * The fake Google's specs' client: one fake per spec file (reset before each test), and what a site and its
 * owner's browser do with it: the consent page and its form, the token calls, an API call with a token.
 */

// Answers are checked with toEqual / toMatchObject; their static types add nothing here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = any;

export const TODAY = '2026-11-24';
export const REDIRECT = 'http://127.0.0.1:9/api/admin/google-account/callback';
export const BASE_SCOPES = [GOOGLE_SCOPES.analytics, GOOGLE_SCOPES.youtube];

export interface Consent {
  scopes?: string[];
  includeGranted?: boolean;
  account?: string;
  decision?: 'allow' | 'deny';
  untick?: string[];
  verifier?: string | null;
  state?: string;
}

/** Starts a fake Google for the calling spec's tests (its hooks: start, reset before each test, close). */
export function useFakeGoogle() {
  let fake: RunningFakeGoogle;
  beforeAll(async () => {
    fake = await startFakeGoogle({ today: TODAY });
  });
  afterAll(() => fake.close());
  beforeEach(() => fetch(`${fake.controlUrl}/reset`, { method: 'POST' }));

  const at = (path: string) => `${fake.baseUrl}${path}`;
  const control = (path: string, body: unknown = {}) =>
    fetch(`${fake.controlUrl}/${path}`, { method: 'POST', body: JSON.stringify(body) });

  /** The browser's part: the consent page, then its form; resolves with where Google sends the browser back. */
  async function consent(options: Consent = {}): Promise<{ back: URL; verifier: string }> {
    const verifier = options.verifier ?? randomBytes(32).toString('base64url');
    const auth = new URL(at('/accounts.google.com/o/oauth2/v2/auth'));
    const params: Record<string, string> = {
      client_id: FAKE_CLIENT.id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: (options.scopes ?? BASE_SCOPES).join(' '),
      state: options.state ?? 'state-1',
      access_type: 'offline',
      prompt: 'consent',
      ...(options.includeGranted ? { include_granted_scopes: 'true' } : {}),
      ...(options.verifier === null
        ? {}
        : {
            code_challenge: createHash('sha256').update(verifier).digest('base64url'),
            code_challenge_method: 'S256',
          }),
    };
    for (const [key, value] of Object.entries(params)) auth.searchParams.set(key, value);
    const page = await (await fetch(auth)).text();
    const requestId = /name="request" value="([^"]+)"/.exec(page)![1];
    const asked = [...page.matchAll(/name="scope" value="([^"]+)"/g)].map((m) => m[1]);
    const form = new URLSearchParams({
      request: requestId,
      account: options.account ?? fake.owner().email,
      decision: options.decision ?? 'allow',
    });
    for (const scope of asked.filter((s) => !options.untick?.includes(s))) form.append('scope', scope);
    const res = await fetch(at('/accounts.google.com/o/oauth2/v2/auth/consent'), {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    return { back: new URL(res.headers.get('location')!), verifier };
  }

  const token = async (fields: Record<string, string>): Promise<{ status: number; body: Answer }> => {
    const res = await fetch(at('/oauth2.googleapis.com/token'), {
      method: 'POST',
      body: new URLSearchParams({ client_id: FAKE_CLIENT.id, client_secret: FAKE_CLIENT.secret, ...fields }),
    });
    return { status: res.status, body: await res.json() };
  };

  const exchange = (back: URL, verifier: string, redirect = REDIRECT) =>
    token({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: redirect,
      code_verifier: verifier,
    });

  async function connected(options: Consent = {}): Promise<Answer> {
    const { back, verifier } = await consent(options);
    const { status, body } = await exchange(back, verifier);
    expect(status).toBe(200);
    return body;
  }

  const api = async (path: string, accessToken: string): Promise<{ status: number; body: Answer }> => {
    const res = await fetch(at(path), { headers: { Authorization: `Bearer ${accessToken}` } });
    return { status: res.status, body: await res.json() };
  };

  /** The fake's own state (grants, quota spent). */
  const state = async (): Promise<Answer> => (await fetch(`${fake.controlUrl}/state`)).json();

  return {
    /** The running fake (started before the first test). */
    get fake(): RunningFakeGoogle {
      return fake;
    },
    at,
    control,
    consent,
    token,
    exchange,
    connected,
    api,
    state,
  };
}
