/**
 * Google's OAuth 2.0 for web-server applications, as the fake Google answers it
 * (https://developers.google.com/identity/protocols/oauth2/web-server):
 *
 * - the authorization endpoint checks the client and the redirect URI (an error page, never a redirect, when either
 *   is wrong), then shows the consent page; Allow redirects with `state`, `code` and the granted `scope`, Deny with
 *   `error=access_denied`;
 * - the token endpoint exchanges a code once, within 10 minutes, for the redirect URI it was issued to, checking PKCE
 *   (RFC 7636: S256 or plain) when the request carried a challenge; a refresh token comes with `access_type=offline`
 *   on the first consent or with `prompt=consent`; the `refresh_token` grant answers `invalid_grant` once the grant
 *   is revoked;
 * - incremental authorization: a grant keeps every scope the account gave the client, and `include_granted_scopes`
 *   puts them all in the new token;
 * - the revoke endpoint takes an access or a refresh token (query or form body) and revokes the whole grant.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FakeGoogleAccount, FakeGoogleGrant } from '@app/contracts/fake-google';
import type { FakeAnswer } from '../lib/fake-service';
import { SCOPE_DESCRIPTIONS } from './accounts';
import { consentPage } from './consent-page';
import { authorizationErrorPage, invalidCredentials, oauthError } from './google-errors';

export const ACCESS_TOKEN_SECONDS = 3599;
const CODE_MS = 10 * 60 * 1000;

interface Client {
  id: string;
  secret: string;
  name: string;
}

interface AuthorizationRequest {
  redirectUri: string;
  scopes: string[];
  state?: string;
  offline: boolean;
  includeGranted: boolean;
  forceConsent: boolean;
  challenge?: { value: string; method: 'S256' | 'plain' };
}

interface IssuedCode extends AuthorizationRequest {
  email: string;
  granted: string[];
  expiresAt: number;
  used: boolean;
}

interface Token {
  email: string;
  scopes: string[];
  expiresAt: number;
}

/** Who an API call's `Authorization: Bearer` token is, or the 401 Google answers. */
export type BearerCheck = { email: string; scopes: string[] } | { refusal: FakeAnswer };

const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

/** The client's credentials: `client_secret_post` (form fields) or `client_secret_basic` (Authorization header). */
function clientCredentials(
  form: URLSearchParams,
  authorization: string | undefined,
): { id: string; secret: string } {
  if (authorization?.startsWith('Basic ')) {
    const [id, secret] = Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':');
    return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(secret ?? '') };
  }
  return { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '' };
}

export class FakeOAuth {
  redirectUris: string[] = [];
  revocations = 0;
  private readonly pending = new Map<string, AuthorizationRequest>();
  private readonly codes = new Map<string, IssuedCode>();
  private readonly accessTokens = new Map<string, Token>();
  private readonly refreshTokens = new Map<string, Token>();
  /** Each account's grant to the client: every scope given so far. */
  private readonly grants = new Map<string, Set<string>>();

  constructor(
    private readonly client: Client,
    private readonly accounts: () => FakeGoogleAccount[],
  ) {}

  reset(): void {
    for (const map of [this.pending, this.codes, this.accessTokens, this.refreshTokens, this.grants])
      map.clear();
    this.revocations = 0;
  }

  grantList(): FakeGoogleGrant[] {
    return [...this.grants].map(([email, scopes]) => ({
      email,
      scopes: [...scopes].sort(),
      refreshTokens: [...this.refreshTokens.values()].filter((t) => t.email === email).length,
    }));
  }

  /** `GET https://accounts.google.com/o/oauth2/v2/auth?…`: the consent page, or Google's error page. */
  authorize(query: URLSearchParams): FakeAnswer {
    if (query.get('client_id') !== this.client.id) {
      return authorizationErrorPage(401, 'invalid_client', 'The OAuth client was not found.');
    }
    const redirectUri = query.get('redirect_uri') ?? '';
    if (!this.redirectAllowed(redirectUri)) {
      return authorizationErrorPage(
        400,
        'redirect_uri_mismatch',
        `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. redirect_uri=${redirectUri}`,
      );
    }
    if (query.get('response_type') !== 'code') {
      return authorizationErrorPage(
        400,
        'invalid_request',
        'Required parameter is missing or invalid: response_type',
      );
    }
    const scopes = (query.get('scope') ?? '').split(/\s+/).filter(Boolean);
    const unknown = scopes.filter((scope) => !(scope in SCOPE_DESCRIPTIONS));
    if (!scopes.length || unknown.length) {
      return authorizationErrorPage(
        400,
        'invalid_scope',
        `Some requested scopes were invalid. ${unknown.join(' ')}`,
      );
    }
    const challengeValue = query.get('code_challenge');
    const method = query.get('code_challenge_method') ?? 'plain';
    if (challengeValue && method !== 'S256' && method !== 'plain') {
      return authorizationErrorPage(400, 'invalid_request', 'Invalid code_challenge_method');
    }
    const request: AuthorizationRequest = {
      redirectUri,
      scopes,
      state: query.get('state') ?? undefined,
      offline: query.get('access_type') === 'offline',
      includeGranted: query.get('include_granted_scopes') === 'true',
      forceConsent: (query.get('prompt') ?? '').split(' ').includes('consent'),
      ...(challengeValue ? { challenge: { value: challengeValue, method: method as 'S256' | 'plain' } } : {}),
    };
    const id = token('req-');
    this.pending.set(id, request);
    const accounts = this.accounts();
    const hint = query.get('login_hint');
    const selected = accounts.find((a) => a.email === hint)?.email ?? accounts[0].email;
    const granted = [...(this.grants.get(selected) ?? [])];
    return {
      status: 200,
      body: consentPage({
        requestId: id,
        clientName: this.client.name,
        accounts,
        selected,
        asked: scopes.filter((scope) => !request.includeGranted || !granted.includes(scope)),
        granted: request.includeGranted ? granted : [],
      }),
    };
  }

  /** The consent form's POST: redirects back to the client with a code, or with `error=access_denied`. */
  consent(body: string): FakeAnswer {
    const form = new URLSearchParams(body);
    const id = form.get('request') ?? '';
    const request = this.pending.get(id);
    if (!request)
      return authorizationErrorPage(400, 'invalid_request', 'This consent page has expired; start again.');
    this.pending.delete(id);
    const back = new URL(request.redirectUri);
    const email = form.get('account') ?? '';
    const approved = form.getAll('scope').filter((scope) => request.scopes.includes(scope));
    const known = this.accounts().some((a) => a.email === email);
    const previously = this.grants.get(email) ?? new Set<string>();
    const allowed = form.get('decision') === 'allow' && known;
    // Nothing ticked is a refusal, unless every scope asked was granted before (the page then asks for none).
    const alreadyHeld = request.includeGranted && request.scopes.every((scope) => previously.has(scope));
    if (!allowed || (!approved.length && !alreadyHeld)) {
      back.searchParams.set('error', 'access_denied');
      if (request.state !== undefined) back.searchParams.set('state', request.state);
      return { status: 302, headers: { Location: back.toString() } };
    }
    const grant = new Set([...previously, ...approved]);
    this.grants.set(email, grant);
    const granted = request.includeGranted ? [...grant] : approved;
    const code = token('4/0Afake-');
    this.codes.set(code, { ...request, email, granted, expiresAt: Date.now() + CODE_MS, used: false });
    if (request.state !== undefined) back.searchParams.set('state', request.state);
    back.searchParams.set('iss', 'https://accounts.google.com');
    back.searchParams.set('code', code);
    back.searchParams.set('scope', granted.join(' '));
    back.searchParams.set('authuser', '0');
    back.searchParams.set('prompt', 'consent');
    return { status: 302, headers: { Location: back.toString() } };
  }

  /** `POST https://oauth2.googleapis.com/token`: the `authorization_code` and `refresh_token` grants. */
  token(body: string, authorization: string | undefined): FakeAnswer {
    const form = new URLSearchParams(body);
    const client = clientCredentials(form, authorization);
    if (client.id !== this.client.id)
      return oauthError(401, 'invalid_client', 'The OAuth client was not found.');
    if (client.secret !== this.client.secret) return oauthError(401, 'invalid_client', 'Unauthorized');
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') return this.exchange(form);
    if (grantType === 'refresh_token') return this.refresh(form.get('refresh_token') ?? '');
    return oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
  }

  private exchange(form: URLSearchParams): FakeAnswer {
    const code = this.codes.get(form.get('code') ?? '');
    if (!code) return oauthError(400, 'invalid_grant', 'Malformed auth code.');
    if (code.used || code.expiresAt < Date.now()) return oauthError(400, 'invalid_grant', 'Bad Request');
    if (form.get('redirect_uri') !== code.redirectUri)
      return oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
    if (code.challenge) {
      const verifier = form.get('code_verifier');
      if (!verifier) return oauthError(400, 'invalid_grant', 'Missing code verifier.');
      const expected =
        code.challenge.method === 'S256'
          ? createHash('sha256').update(verifier).digest('base64url')
          : verifier;
      if (expected !== code.challenge.value)
        return oauthError(400, 'invalid_grant', 'Invalid code verifier.');
    }
    code.used = true;
    if (!this.grants.has(code.email)) return oauthError(400, 'invalid_grant', 'Bad Request');
    const hasRefresh = [...this.refreshTokens.values()].some((t) => t.email === code.email);
    const refresh = code.offline && (code.forceConsent || !hasRefresh) ? token('1//fake-') : undefined;
    if (refresh)
      this.refreshTokens.set(refresh, { email: code.email, scopes: code.granted, expiresAt: Infinity });
    return { status: 200, body: this.accessAnswer(code.email, code.granted, refresh) };
  }

  private refresh(refreshToken: string): FakeAnswer {
    const held = this.refreshTokens.get(refreshToken);
    if (!held) return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
    return { status: 200, body: this.accessAnswer(held.email, held.scopes) };
  }

  private accessAnswer(email: string, scopes: string[], refresh?: string) {
    const access = token('ya29.fake-');
    this.accessTokens.set(access, { email, scopes, expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000 });
    return {
      access_token: access,
      expires_in: ACCESS_TOKEN_SECONDS,
      ...(refresh ? { refresh_token: refresh } : {}),
      scope: scopes.join(' '),
      token_type: 'Bearer',
    };
  }

  /** `POST https://oauth2.googleapis.com/revoke?token=…` (or `token` in the form body). */
  revoke(query: URLSearchParams, body: string): FakeAnswer {
    const value = query.get('token') ?? new URLSearchParams(body).get('token') ?? '';
    const held = this.accessTokens.get(value) ?? this.refreshTokens.get(value);
    if (!held) return oauthError(400, 'invalid_token', 'Token expired or revoked');
    this.revokeAccount(held.email);
    this.revocations += 1;
    return { status: 200, body: {} };
  }

  /** The account removes the app's access (myaccount.google.com/permissions), or the revoke endpoint did it. */
  revokeAccount(email?: string): void {
    this.grants.forEach((_, who) => (email === undefined || who === email) && this.grants.delete(who));
    for (const tokens of [this.accessTokens, this.refreshTokens]) {
      for (const [value, held] of tokens)
        if (email === undefined || held.email === email) tokens.delete(value);
    }
  }

  /** Every access token expires now (a refresh gives a new one). */
  expireAccessTokens(): void {
    for (const held of this.accessTokens.values()) held.expiresAt = 0;
  }

  bearer(authorization: string | undefined): BearerCheck {
    const value = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
    const held = this.accessTokens.get(value);
    if (!held || held.expiresAt < Date.now()) return { refusal: invalidCredentials() };
    return { email: held.email, scopes: held.scopes };
  }

  private redirectAllowed(uri: string): boolean {
    try {
      const url = new URL(uri);
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hash) return false;
    } catch {
      return false;
    }
    return !this.redirectUris.length || this.redirectUris.includes(uri);
  }
}
