import { truncateText } from '@app/contracts';
import type { CodeChallengeMethod, OAuth2Client } from 'google-auth-library';
import type { GoogleEndpoints } from './google-endpoints';

/**
 * The OAuth 2.0 web-server flow through google-auth-library (https://developers.google.com/identity/protocols/oauth2/web-server):
 * the consent page's address with PKCE, the code exchange and the refresh. The library (about 70 modules, 150 ms)
 * is loaded on first use, not at the API's start; every request it makes goes through the `fetch` given, the
 * outbound rules' (common/outbound).
 */

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  endpoints: GoogleEndpoints;
  fetch: typeof fetch;
}

/**
 * Google refused an OAuth call (`code` is its `error`, e.g. `invalid_grant`), or could not be reached (`network`).
 * The message is Google's description or the network failure, never a token.
 */
export class GoogleOAuthError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly description: string,
  ) {
    super(`${code}${description ? `: ${description}` : ''}`);
    this.name = 'GoogleOAuthError';
  }

  /** The refresh token is revoked or expired: only a new consent helps. */
  get grantGone(): boolean {
    return this.code === 'invalid_grant' || this.code === 'unauthorized_client';
  }
}

interface GaxiosLike {
  status?: number;
  message?: string;
  response?: { status?: number; data?: unknown };
}

/** Google's `{error, error_description}` out of a failed call, or the network failure (cut to 200 characters). */
export function toOAuthError(error: unknown): GoogleOAuthError {
  const e = error as GaxiosLike;
  const data = e.response?.data as { error?: unknown; error_description?: unknown } | undefined;
  if (e.response && typeof data?.error === 'string') {
    const description = typeof data.error_description === 'string' ? data.error_description : '';
    return new GoogleOAuthError(data.error, e.response.status ?? 0, truncateText(description, 200));
  }
  if (e.response)
    return new GoogleOAuthError('http_error', e.response.status ?? 0, `HTTP ${e.response.status}`);
  return new GoogleOAuthError('network', 0, truncateText(String(e.message ?? error), 200));
}

let library: Promise<typeof import('google-auth-library')> | undefined;

export async function oauthClient(config: OAuthClientConfig, redirectUri?: string): Promise<OAuth2Client> {
  library ??= import('google-auth-library');
  const { OAuth2Client } = await library;
  return new OAuth2Client({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    redirectUri,
    endpoints: {
      oauth2AuthBaseUrl: config.endpoints.authorization,
      oauth2TokenUrl: config.endpoints.token,
      oauth2RevokeUrl: config.endpoints.revoke,
    },
    transporterOptions: { fetchImplementation: config.fetch },
  });
}

export interface AuthorizationRequest {
  scopes: string[];
  state: string;
  codeChallenge: string;
  /** Keep the scopes the connected account granted before (incremental authorization). */
  includeGranted: boolean;
}

/**
 * The consent page's address: offline access (a refresh token), with `includeGranted` every scope granted before
 * kept (`include_granted_scopes`, incremental authorization), the consent screen always shown so Google sends a
 * refresh token each time, and PKCE's S256 challenge.
 */
export function authorizationUrl(client: OAuth2Client, request: AuthorizationRequest): string {
  return client.generateAuthUrl({
    access_type: 'offline',
    scope: request.scopes,
    state: request.state,
    ...(request.includeGranted ? { include_granted_scopes: true } : {}),
    prompt: 'consent',
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256' as CodeChallengeMethod,
  });
}

export interface GrantedTokens {
  accessToken: string;
  /** Absent when Google sends none (a consent given before, without `prompt=consent`). */
  refreshToken?: string;
  scopes: string[];
  /** Epoch ms. */
  expiresAt: number;
}

const scopesOf = (scope: unknown) => (typeof scope === 'string' ? scope.split(/\s+/).filter(Boolean) : []);

/** Exchanges the authorization code (once, with the PKCE verifier and the same redirect URI). */
export async function exchangeCode(
  client: OAuth2Client,
  code: string,
  codeVerifier: string,
  redirectUri: string,
): Promise<GrantedTokens> {
  try {
    const { tokens } = await client.getToken({ code, codeVerifier, redirect_uri: redirectUri });
    if (!tokens.access_token)
      throw new GoogleOAuthError('invalid_response', 200, 'no access token in the answer');
    return {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? undefined,
      scopes: scopesOf(tokens.scope),
      expiresAt: tokens.expiry_date ?? Date.now(),
    };
  } catch (error) {
    throw error instanceof GoogleOAuthError ? error : toOAuthError(error);
  }
}

/** A fresh access token from the refresh token; GoogleOAuthError `invalid_grant` when the grant is gone. */
export async function refreshAccess(client: OAuth2Client, refreshToken: string): Promise<GrantedTokens> {
  client.setCredentials({ refresh_token: refreshToken });
  try {
    const { token } = await client.getAccessToken();
    if (!token) throw new GoogleOAuthError('invalid_response', 200, 'no access token in the answer');
    return {
      accessToken: token,
      scopes: scopesOf(client.credentials.scope),
      expiresAt: client.credentials.expiry_date ?? Date.now(),
    };
  } catch (error) {
    throw error instanceof GoogleOAuthError ? error : toOAuthError(error);
  }
}
