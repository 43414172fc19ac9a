import { truncateText } from '@app/contracts';
import { z } from 'zod';
import { type OutboundPolicy, outboundRequest } from '../common/outbound/outbound-http';
import type { GoogleEndpoints } from './google-endpoints';

/** A Google API's refusal (`reason` from its JSON error, e.g. `insufficientPermissions`) or a failure to reach it. */
export class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'GoogleApiError';
  }
}

/** The channel of the signed-in Google account (or brand account), as channels.list?mine=true answers it. */
export interface OwnChannel {
  id: string;
  title: string;
  /** `@handle` (snippet.customUrl), when YouTube gives one. */
  handle: string | null;
}

const mineSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        snippet: z.object({ title: z.string(), customUrl: z.string().optional() }),
      }),
    )
    .optional(),
});

const errorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
});

/** A Google API's error answer (`{error: {message, errors: [{reason}]}}`) as a GoogleApiError. */
export function apiError(status: number, text: string): GoogleApiError {
  const parsed = errorSchema.safeParse(safeJson(text));
  const reason = parsed.success ? (parsed.data.error.errors?.[0]?.reason ?? 'unknown') : 'unknown';
  const message = parsed.success ? (parsed.data.error.message ?? '') : text;
  return new GoogleApiError(status, reason, truncateText(message, 300));
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * `channels.list?part=snippet&mine=true` (https://developers.google.com/youtube/v3/docs/channels/list): the token's
 * own channel, or null when the account has none (YouTube then leaves `items` out). One quota unit.
 */
export async function ownChannel(
  endpoints: GoogleEndpoints,
  accessToken: string,
  policy: OutboundPolicy,
): Promise<OwnChannel | null> {
  const answer = await outboundRequest(
    `${endpoints.youtube}/channels?part=snippet&mine=true`,
    { headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' } },
    policy,
  );
  if (answer.status !== 200) throw apiError(answer.status, answer.text);
  const parsed = mineSchema.safeParse(safeJson(answer.text));
  if (!parsed.success)
    throw new GoogleApiError(answer.status, 'invalidResponse', 'channels.list answered an unexpected shape');
  const item = parsed.data.items?.[0];
  if (!item) return null;
  const handle = item.snippet.customUrl ? `@${item.snippet.customUrl.replace(/^@/, '')}` : null;
  return { id: item.id, title: item.snippet.title, handle };
}

/**
 * Revokes a token, and with it the whole grant (https://developers.google.com/identity/protocols/oauth2/web-server#tokenrevoke).
 * The token goes in the form body, never the URL. Resolves `revoked`, or `unknown` when Google no longer knows it
 * (already revoked or expired); rejects when Google cannot be reached or fails.
 */
export async function revokeToken(
  endpoints: GoogleEndpoints,
  token: string,
  policy: OutboundPolicy,
): Promise<'revoked' | 'unknown'> {
  const answer = await outboundRequest(
    endpoints.revoke,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    },
    policy,
  );
  if (answer.status === 200) return 'revoked';
  if (answer.status === 400) return 'unknown';
  throw new GoogleApiError(answer.status, 'revokeFailed', `Google answered HTTP ${answer.status}`);
}
