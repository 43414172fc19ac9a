import type { TranscriptKind, TranscriptTrackKey, YoutubeCaptionSkipReason } from '@app/contracts';

/**
 * The caption import's rules, pure (unit-tested in youtube-captions-plan.spec.ts): which of a video's listed tracks
 * to download, keep, remove or skip; the order of a round through the site's videos; the quota day.
 */

/** A track as captions.list shows it (the fields the import reads). */
export interface ListedTrack {
  id: string;
  language: string;
  trackKind: string;
  name: string;
  isDraft: boolean;
  status: string;
  failureReason?: string;
  /** ISO 8601 */
  lastUpdated: string;
}

/** A YouTube track stored for the video (TranscriptStore.youtubeTracks). */
export interface StoredTrack {
  language: string;
  kind: TranscriptKind;
  youtubeTrackId?: string | null;
  trackUpdatedAt?: Date | null;
}

/** A listed track the import does not store, and why; kept with the video so a refusal is not asked again. */
export interface CaptionSkip {
  /** The track's id and `lastUpdated` (empty for a refusal of the whole video). */
  id: string;
  lastUpdated: string;
  language: string;
  name: string;
  reason: YoutubeCaptionSkipReason;
  detail: string;
}

/** What to do with one video's tracks. */
export interface VideoPlan {
  /** Tracks to download (new, or changed since the stored download), each with the key it is stored under. */
  download: (ListedTrack & { key: TranscriptTrackKey })[];
  /** Stored tracks YouTube no longer lists (or no longer publishes): removed. */
  remove: TranscriptTrackKey[];
  /** Listed tracks not stored, and why (a refusal of the same version carried over). */
  skip: CaptionSkip[];
  unchanged: number;
}

/** The kinds of track the site keeps: YouTube's automatic ones and those people wrote. */
const KEPT_KINDS: Record<string, TranscriptKind> = { asr: 'asr', standard: 'standard' };
/** Refusals that hold for a track until YouTube changes it. */
const STICKY: YoutubeCaptionSkipReason[] = ['forbidden', 'unreadable'];

const keyOf = (language: string, kind: TranscriptKind): TranscriptTrackKey => ({
  source: 'youtube',
  language,
  kind,
});
const same = (a: { language: string; kind: string }, b: { language: string; kind: string }) =>
  a.language === b.language && a.kind === b.kind;

export function skipOf(track: ListedTrack, reason: YoutubeCaptionSkipReason, detail = ''): CaptionSkip {
  return {
    id: track.id,
    lastUpdated: track.lastUpdated,
    language: track.language,
    name: track.name,
    reason,
    detail,
  };
}

/** Why a listed track is not even a candidate, or null when it is one. */
function notWanted(track: ListedTrack): CaptionSkip | null {
  if (!(track.trackKind in KEPT_KINDS)) return skipOf(track, 'forced', `trackKind ${track.trackKind}`);
  if (track.isDraft) return skipOf(track, 'draft');
  if (track.status !== 'serving') {
    return skipOf(track, 'not-serving', [track.status, track.failureReason].filter(Boolean).join(': '));
  }
  return null;
}

const isStoredVersion = (track: ListedTrack, stored: StoredTrack | undefined) =>
  stored?.youtubeTrackId === track.id && stored.trackUpdatedAt?.getTime() === Date.parse(track.lastUpdated);

/**
 * One video's plan. One track per language and kind is kept: the one already stored when YouTube still lists it,
 * else the most recently updated (the others are `duplicate`). A kept track is downloaded when it is new or its id or
 * `lastUpdated` differ from the stored download's, unless YouTube refused that same version before. Stored tracks
 * whose language and kind YouTube no longer lists as a published track are removed.
 */
export function planVideo(
  listed: ListedTrack[],
  stored: StoredTrack[],
  skippedBefore: CaptionSkip[],
): VideoPlan {
  const plan: VideoPlan = { download: [], remove: [], skip: [], unchanged: 0 };
  const candidates: ListedTrack[] = [];
  for (const track of listed) {
    const skip = notWanted(track);
    if (skip) plan.skip.push(skip);
    else candidates.push(track);
  }
  const kept = new Map<string, ListedTrack>();
  const byPreference = [...candidates].sort(
    (a, b) =>
      Number(stored.some((s) => s.youtubeTrackId === b.id)) -
        Number(stored.some((s) => s.youtubeTrackId === a.id)) ||
      Date.parse(b.lastUpdated) - Date.parse(a.lastUpdated) ||
      a.id.localeCompare(b.id),
  );
  for (const track of byPreference) {
    const group = `${track.language}\u0000${track.trackKind}`;
    if (kept.has(group))
      plan.skip.push(
        skipOf(track, 'duplicate', `another ${track.trackKind} track in ${track.language} is kept`),
      );
    else kept.set(group, track);
  }
  for (const track of listed.filter((t) => [...kept.values()].includes(t))) {
    const key = keyOf(track.language, KEPT_KINDS[track.trackKind]);
    const mine = stored.find((s) => same(s, key));
    if (isStoredVersion(track, mine)) {
      plan.unchanged += 1;
      continue;
    }
    const refused = skippedBefore.find(
      (s) => s.id === track.id && s.lastUpdated === track.lastUpdated && STICKY.includes(s.reason),
    );
    if (refused) plan.skip.push(refused);
    else plan.download.push({ ...track, key });
  }
  const keptKeys = [...kept.values()].map((t) => keyOf(t.language, KEPT_KINDS[t.trackKind]));
  plan.remove = stored.filter((s) => !keptKeys.some((k) => same(k, s))).map((s) => keyOf(s.language, s.kind));
  return plan;
}

/** A video of the site in a round's order: newest first, then by id. */
export interface RoundVideo {
  id: string;
  publishedAt: Date;
}

export interface RoundCursor {
  at: Date;
  id: string;
}

/** Whether `video` comes after `cursor` in a round (newest first, then by id). */
export function isAfter(video: RoundVideo, cursor: RoundCursor | null): boolean {
  if (!cursor) return true;
  const t = video.publishedAt.getTime();
  const c = cursor.at.getTime();
  return t < c || (t === c && video.id > cursor.id);
}

/** A round's order: newest first, then by id (code points, the same on every database). */
export const roundOrder = (a: RoundVideo, b: RoundVideo): number =>
  b.publishedAt.getTime() - a.publishedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The videos a run lists, in order: those never listed first (newest first: a new upload), then the round's remaining
 * ones after its cursor.
 */
export function roundQueue(
  siteVideos: RoundVideo[],
  cursor: RoundCursor | null,
  listedBefore: ReadonlySet<string>,
): { video: RoundVideo; inRound: boolean }[] {
  const videos = [...siteVideos].sort(roundOrder);
  const fresh = videos.filter((v) => !listedBefore.has(v.id) && !isAfter(v, cursor));
  const rest = videos.filter((v) => isAfter(v, cursor));
  return [
    ...fresh.map((video) => ({ video, inRound: false })),
    ...rest.map((video) => ({ video, inRound: true })),
  ];
}

const PACIFIC = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Los_Angeles',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The quota day of an instant (`YYYY-MM-DD`): Google resets the YouTube Data API quota at midnight Pacific Time, so
 * the site's budget is counted over the same day, and a budget spent late on a UTC day is not spent again on the same
 * Pacific day.
 */
export function quotaDay(nowMs: number): string {
  return PACIFIC.format(new Date(nowMs));
}
