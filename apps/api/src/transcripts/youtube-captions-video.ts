import { GoogleApiError } from '../google-account/google-api';
import type { TranscriptStore } from './transcript-store.service';
import { cuesOfDownload } from './youtube-caption-cues';
import { CaptionTooLargeError } from './youtube-captions-api';
import {
  type CaptionSkip,
  type ListedTrack,
  planVideo,
  type RoundVideo,
  skipOf,
  type VideoPlan,
} from './youtube-captions-plan';
import type { CaptionSession } from './youtube-captions-session';
import type { YoutubeCaptionsStore } from './youtube-captions-store';

/** What reading one video did. */
export interface VideoOutcome {
  downloaded: number;
  removed: number;
  skipped: number;
  unchanged: number;
}

export interface VideoReadDeps {
  session: CaptionSession;
  transcripts: TranscriptStore;
  store: YoutubeCaptionsStore;
  now: () => Date;
}

const refusal = (error: unknown, status: number, reason: string) =>
  error instanceof GoogleApiError && error.status === status && error.reason === reason;

/**
 * One video: its tracks listed, the new or changed ones downloaded and stored, those YouTube no longer lists removed,
 * then the video marked listed with the tracks not stored and why. A track YouTube refuses (403 forbidden) or that
 * cannot be read is skipped with its reason and the rest goes on; what stops the run (the budget, Google's quota,
 * the scope, Google out of reach) is thrown, and the video is listed again by the next run.
 */
export async function readVideo(video: RoundVideo, deps: VideoReadDeps): Promise<VideoOutcome> {
  const { session, transcripts, store } = deps;
  const outcome: VideoOutcome = { downloaded: 0, removed: 0, skipped: 0, unchanged: 0 };
  let listed: ListedTrack[];
  try {
    listed = await session.list(video.id);
  } catch (error) {
    return listRefused(video.id, error, deps, outcome);
  }
  const stored = await transcripts.youtubeTracks([video.id]);
  const plan = planVideo(listed, stored, await store.skipsOf(video.id));
  const skipped: CaptionSkip[] = [...plan.skip];
  for (const track of plan.download) {
    const problem = await storeTrack(video.id, track, deps);
    if (problem === 'gone') continue;
    if (problem) skipped.push(problem);
    else outcome.downloaded += 1;
  }
  for (const key of plan.remove) outcome.removed += await transcripts.remove(video.id, key);
  await store.markListed(video.id, deps.now(), skipped);
  return { ...outcome, skipped: skipped.length, unchanged: plan.unchanged };
}

/** A video YouTube does not know any more loses its tracks; one the account may not read keeps them. */
async function listRefused(
  videoId: string,
  error: unknown,
  { transcripts, store, now }: VideoReadDeps,
  outcome: VideoOutcome,
): Promise<VideoOutcome> {
  if (refusal(error, 404, 'videoNotFound')) {
    outcome.removed = await transcripts.remove(videoId, { source: 'youtube' });
    await store.markListed(videoId, now(), []);
    return outcome;
  }
  if (!refusal(error, 403, 'forbidden')) throw error;
  const whole: CaptionSkip = {
    id: '',
    lastUpdated: '',
    language: '',
    name: '',
    reason: 'forbidden',
    detail: (error as GoogleApiError).message,
  };
  await store.markListed(videoId, now(), [whole]);
  return { ...outcome, skipped: 1 };
}

/** Downloads and stores one track: null when stored, the skip when YouTube refused it or it cannot be read. */
async function storeTrack(
  videoId: string,
  track: VideoPlan['download'][number],
  { session, transcripts }: VideoReadDeps,
): Promise<CaptionSkip | 'gone' | null> {
  let text: string;
  try {
    text = await session.download(track.id);
  } catch (error) {
    if (refusal(error, 404, 'captionNotFound')) return 'gone';
    if (refusal(error, 403, 'forbidden'))
      return skipOf(track, 'forbidden', (error as GoogleApiError).message);
    if (refusal(error, 400, 'couldNotConvert'))
      return skipOf(track, 'unreadable', (error as GoogleApiError).message);
    if (error instanceof CaptionTooLargeError) return skipOf(track, 'unreadable', error.message);
    throw error;
  }
  let cues;
  try {
    cues = await cuesOfDownload(text, track.key.kind);
  } catch (error) {
    return skipOf(track, 'unreadable', (error as Error).message);
  }
  await transcripts.replace(videoId, track.key, cues, {
    name: track.name || null,
    youtubeTrackId: track.id,
    trackUpdatedAt: new Date(track.lastUpdated),
  });
  return null;
}
