/**
 * The YouTube Data API's captions, as the fake Google answers them:
 *
 * - `GET https://www.googleapis.com/youtube/v3/captions?part=snippet&videoId=…` (captions.list,
 *   https://developers.google.com/youtube/v3/docs/captions/list): a video's tracks in the caption resource's shape
 *   (https://developers.google.com/youtube/v3/docs/captions): `kind`, `etag`, `id` and a `snippet` with every field
 *   YouTube sends, `failureReason` only for a failed track; `items` is empty for a video without tracks; an `id`
 *   filter naming no track of the video is 404 `captionNotFound`, a video YouTube does not know 404 `videoNotFound`.
 *   A public video of another channel lists too.
 * - `GET https://www.googleapis.com/youtube/v3/captions/{id}?tfmt=vtt` (captions.download,
 *   https://developers.google.com/youtube/v3/docs/captions/download): the track's file (caption-formats.ts) as
 *   `application/octet-stream`. Only the account that owns the video may download, and not a track another account
 *   contributed: 403 `forbidden` with YouTube's words. A failed track, or a format the fake does not write (`scc`,
 *   `ttml`: YouTube would convert them), is 400 `couldNotConvert`; an unknown id 404 `captionNotFound`.
 *
 * Both need the youtube.force-ssl (or youtubepartner) scope: without it Google answers 403 `insufficientPermissions`
 * (https://developers.google.com/youtube/v3/docs/errors). The quota they cost is charged by server.ts.
 */
import type { FakeCaptionTrack, FakeCaptionTracksPatch, FakeGoogleOwner } from '@app/contracts/fake-google';
import { GOOGLE_SCOPES } from '@app/contracts/google-account';
import { createHash } from 'node:crypto';
import type { FakeAnswer } from '../lib/fake-service';
import { defaultTracks, patchedTracks, trackCues } from './caption-data';
import { CAPTION_FORMATS, type CaptionFormat, renderTrack } from './caption-formats';
import { apiError, insufficientScopes, requestedParts, requiredParameter } from './google-errors';

/** YouTube Data API quota costs (https://developers.google.com/youtube/v3/determine_quota_cost). */
export const DATA_UNITS = { channelsList: 1, captionsList: 50, captionsDownload: 200 } as const;

const CAPTION_SCOPES: string[] = [GOOGLE_SCOPES.captions, 'https://www.googleapis.com/auth/youtubepartner'];
const PARTS = ['id', 'snippet'];
const DOWNLOAD_PREFIX = '/www.googleapis.com/youtube/v3/captions/';

const etag = (value: unknown) =>
  createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 27);
const captionError = (code: number, reason: string, message: string) =>
  apiError(code, reason, message, { domain: 'youtube.caption' });

/** The id of a captions.download path, or null for another path. */
export function downloadId(pathname: string): string | null {
  if (!pathname.startsWith(DOWNLOAD_PREFIX)) return null;
  const id = decodeURIComponent(pathname.slice(DOWNLOAD_PREFIX.length));
  return id && !id.includes('/') ? id : null;
}

/** The tracks of the owner's videos (defaults from the seed until a control call changes them). */
export class FakeCaptions {
  private tracks = new Map<string, FakeCaptionTrack[]>();

  constructor(
    private readonly seed: number,
    private readonly owner: () => FakeGoogleOwner,
  ) {}

  /** Back to the seed's tracks (a reset, or the owner's videos changed). */
  clear(): void {
    this.tracks = new Map();
  }

  /** A video's tracks; undefined for a video YouTube does not know. */
  of(videoId: string): FakeCaptionTrack[] | undefined {
    const known = this.tracks.get(videoId);
    if (known) return known;
    const video = this.owner().videos.find((v) => v.id === videoId);
    if (!video) return undefined;
    const tracks = defaultTracks(this.seed, video);
    this.tracks.set(videoId, tracks);
    return tracks;
  }

  /** Every track of every video of the owner's. */
  all(): FakeCaptionTrack[] {
    return this.owner().videos.flatMap((video) => this.of(video.id) ?? []);
  }

  set(videoId: string, tracks: FakeCaptionTrack[]): void {
    this.tracks.set(videoId, tracks);
  }

  find(id: string): FakeCaptionTrack | undefined {
    return this.all().find((track) => track.id === id);
  }

  /** The captions' control routes (listed in server.ts); undefined for another route. */
  control(route: string, body: Record<string, unknown>): FakeAnswer | undefined {
    const track = () => {
      const found = this.find(String(body.id));
      if (!found) throw new Error(`no caption track ${String(body.id)}`);
      return found;
    };
    switch (route) {
      case 'GET captions':
        return { status: 200, body: { tracks: this.all().map(({ cues: _cues, ...rest }) => rest) } };
      case 'POST captions': {
        const patch = body as unknown as FakeCaptionTracksPatch;
        if (!this.of(patch.videoId)) throw new Error(`no video ${patch.videoId} on the owner's channel`);
        this.set(patch.videoId, patchedTracks(this.seed, patch, Date.now()));
        return { status: 200, body: { tracks: this.of(patch.videoId) } };
      }
      case 'POST captions/update': {
        const edited = track();
        edited.revision += 1;
        delete edited.cues;
        edited.lastUpdated =
          typeof body.lastUpdated === 'string'
            ? body.lastUpdated
            : new Date(Math.max(Date.now(), Date.parse(edited.lastUpdated) + 1000)).toISOString();
        return { status: 200, body: edited };
      }
      case 'POST captions/delete': {
        const gone = track();
        this.set(
          gone.videoId,
          this.of(gone.videoId)!.filter((t) => t !== gone),
        );
        return { status: 200, body: { deleted: gone.id } };
      }
      default:
        return undefined;
    }
  }

  /** captions.list. */
  list(query: URLSearchParams, scopes: string[]): FakeAnswer {
    if (!scopes.some((scope) => CAPTION_SCOPES.includes(scope))) return insufficientScopes();
    const parts = requestedParts(query, PARTS);
    if (!Array.isArray(parts)) return parts;
    const videoId = query.get('videoId');
    if (!videoId) return requiredParameter('videoId');
    const tracks = this.of(videoId);
    if (!tracks) {
      return apiError(
        404,
        'videoNotFound',
        'The video identified by the <code>videoId</code> parameter could not be found.',
        {
          domain: 'youtube.caption',
        },
      );
    }
    const ids = query.get('id')?.split(',').filter(Boolean);
    const listed = ids ? tracks.filter((track) => ids.includes(track.id)) : tracks;
    if (ids && listed.length < ids.length) {
      return captionError(
        404,
        'captionNotFound',
        'One or more of the specified caption tracks could not be found. Check the values of the request’s <code>id</code> and <code>videoId</code> parameters to ensure that they are correct.',
      );
    }
    const items = listed.map((track) => captionItem(track, parts));
    return { status: 200, body: { kind: 'youtube#captionListResponse', etag: etag(items), items } };
  }

  /** captions.download; `owns`: the token's account owns the video. */
  download(id: string, query: URLSearchParams, scopes: string[], owns: boolean): FakeAnswer {
    if (!scopes.some((scope) => CAPTION_SCOPES.includes(scope))) return insufficientScopes();
    const track = this.find(id);
    if (!track) {
      return captionError(
        404,
        'captionNotFound',
        'The caption track could not be found. Check the value of the request’s <code>id</code> parameter to ensure that it is correct.',
      );
    }
    if (!owns || track.contributed) {
      return captionError(
        403,
        'forbidden',
        'The permissions associated with the request are not sufficient to download the caption track. The request might not be properly authorized, or the video order might not have enabled third-party contributions for this caption.',
      );
    }
    const format = query.get('tfmt') ?? 'vtt';
    if (track.status === 'failed' || !(CAPTION_FORMATS as readonly string[]).includes(format)) {
      return apiError(
        400,
        'couldNotConvert',
        'The caption track data could not be converted to the requested language and/or format. Ensure that the requested <code>tfmt</code> and <code>tlang</code> values are valid, and that the <code>snippet.status</code> of the requested caption track is not <code>failed</code>.',
        { domain: 'youtube.caption', status: 'INVALID_ARGUMENT' },
      );
    }
    return {
      status: 200,
      body: renderTrack(track, trackCues(this.seed, track), format as CaptionFormat),
      headers: { 'Content-Type': 'application/octet-stream' },
    };
  }
}

/** A caption resource: YouTube sends every snippet field, `failureReason` only for a failed track. */
function captionItem(track: FakeCaptionTrack, parts: string[]) {
  const snippet = {
    videoId: track.videoId,
    lastUpdated: track.lastUpdated,
    trackKind: track.trackKind,
    language: track.language,
    name: track.name,
    audioTrackType: 'unknown',
    isCC: false,
    isLarge: false,
    isEasyReader: false,
    isDraft: track.isDraft,
    isAutoSynced: false,
    status: track.status,
    ...(track.status === 'failed' ? { failureReason: 'processingFailed' } : {}),
  };
  return {
    kind: 'youtube#caption',
    etag: etag([track.id, track.lastUpdated, track.isDraft, track.status]),
    id: track.id,
    ...(parts.includes('snippet') ? { snippet } : {}),
  };
}
