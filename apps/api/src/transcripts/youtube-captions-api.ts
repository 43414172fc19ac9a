import { TRANSCRIPT_MAX_BYTES } from '@app/contracts';
import { z } from 'zod';
import { type OutboundPolicy, outboundRequest } from '../common/outbound/outbound-http';
import { apiError, GoogleApiError, safeJson } from '../google-account/google-api';
import type { GoogleEndpoints } from '../google-account/google-endpoints';
import type { ListedTrack } from './youtube-captions-plan';

/**
 * The two YouTube Data API calls of the caption import, through the outbound rules every call to Google follows (the
 * SSRF policy, no redirects, a timeout). A refusal throws GoogleApiError with YouTube's `reason` (forbidden,
 * captionNotFound, videoNotFound, couldNotConvert, quotaExceeded, insufficientPermissions…).
 */

/** A captions.list answer holds a few dozen tracks at most: a few KiB. */
const MAX_LIST_BYTES = 256 * 1024;

/** The caption resource's fields the import reads (https://developers.google.com/youtube/v3/docs/captions). */
const listSchema = z.object({
  items: z.array(
    z.object({
      id: z.string().min(1).max(64),
      snippet: z.object({
        lastUpdated: z.string().refine((v) => !Number.isNaN(Date.parse(v))),
        trackKind: z.string(),
        language: z.string().min(1).max(35),
        name: z.string().max(255).default(''),
        isDraft: z.boolean().default(false),
        status: z.string(),
        failureReason: z.string().optional(),
      }),
    }),
  ),
});

const auth = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` });

/**
 * `captions.list?part=snippet&videoId=…` (https://developers.google.com/youtube/v3/docs/captions/list): the video's
 * tracks, drafts and automatic ones included. 50 units.
 */
export async function listCaptions(
  endpoints: GoogleEndpoints,
  policy: OutboundPolicy,
  accessToken: string,
  videoId: string,
): Promise<ListedTrack[]> {
  const url = `${endpoints.youtube}/captions?${new URLSearchParams({ part: 'snippet', videoId })}`;
  const answer = await outboundRequest(
    url,
    { headers: { ...auth(accessToken), Accept: 'application/json' }, maxBytes: MAX_LIST_BYTES },
    policy,
  );
  if (answer.status !== 200) throw apiError(answer.status, answer.text);
  const parsed = answer.truncated ? null : listSchema.safeParse(safeJson(answer.text));
  if (!parsed?.success) {
    throw new GoogleApiError(answer.status, 'invalidResponse', 'captions.list answered an unexpected shape');
  }
  return parsed.data.items.map(({ id, snippet }) => ({ id, ...snippet }));
}

/** A track larger than the site takes (TRANSCRIPT_MAX_BYTES). */
export class CaptionTooLargeError extends Error {
  constructor() {
    super(`the track is larger than ${TRANSCRIPT_MAX_BYTES / 1024 / 1024} MB`);
    this.name = 'CaptionTooLargeError';
  }
}

/**
 * `captions/{id}?tfmt=vtt` (https://developers.google.com/youtube/v3/docs/captions/download): the track as WebVTT,
 * whatever format it was uploaded in. 200 units. YouTube lets only an account that may edit the video download.
 */
export async function downloadCaption(
  endpoints: GoogleEndpoints,
  policy: OutboundPolicy,
  accessToken: string,
  trackId: string,
): Promise<string> {
  const url = `${endpoints.youtube}/captions/${encodeURIComponent(trackId)}?tfmt=vtt`;
  const answer = await outboundRequest(
    url,
    { headers: { ...auth(accessToken), Accept: '*/*' }, maxBytes: TRANSCRIPT_MAX_BYTES + 1 },
    policy,
  );
  if (answer.status !== 200) throw apiError(answer.status, answer.text);
  if (answer.truncated) throw new CaptionTooLargeError();
  return answer.text;
}
