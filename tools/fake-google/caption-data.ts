/**
 * The caption tracks of the fake YouTube's videos, all a function of the seed and the video, so every run and machine
 * lists the same ones. Shaped like a real channel's (https://developers.google.com/youtube/v3/docs/captions, the
 * caption resource): most videos have YouTube's automatic track (`asr`, no name) a few hours after publishing, and some
 * have tracks written by people (`standard`) in several languages; some of those are drafts, still syncing or failed,
 * or contributed by another account (the owner may not download those), and a few videos have none at all.
 * The cues are a few short lines from a phrase bank per language; a track's `revision` changes its words.
 */
import type {
  FakeCaptionCue,
  FakeCaptionTrack,
  FakeCaptionTracksPatch,
  FakeGoogleVideo,
} from '@app/contracts/fake-google';
import { createHash } from 'node:crypto';
import { unit } from './analytics-data';

const HOUR_MS = 60 * 60 * 1000;
const CUE_SECONDS = 3;

/** Lines people would say, per language: automatic tracks use them lowercased and without punctuation. */
const PHRASES: Record<string, string[]> = {
  en: [
    'Welcome back to the workshop.',
    'Today we are building a small shelf from one board of pine.',
    'Measure twice and mark the line with a pencil.',
    'Clamp the board to the bench before you cut.',
    'This is our R&D corner, where the odd ideas live.',
    'Sand every edge before you glue the joints.',
    'A square blade gives a square cut.',
    'Let the glue dry overnight.',
    'Thanks for watching, see you next week.',
    'Leave a comment if you build one too.',
  ],
  es: [
    'Bienvenidos de nuevo al taller.',
    'Hoy construimos una pequeña estantería.',
    'Mide dos veces y corta una.',
    'Lija todos los bordes antes de encolar.',
    'Gracias por ver el vídeo.',
  ],
  ja: [
    '工房へようこそ。',
    '今日は小さな棚を作ります。',
    '二回測って一回で切ります。',
    '接着する前に角を磨きます。',
    'ご視聴ありがとうございました。',
  ],
  de: [
    'Willkommen zurück in der Werkstatt.',
    'Heute bauen wir ein kleines Regal.',
    'Zweimal messen, einmal sägen.',
    'Danke fürs Zuschauen.',
  ],
  fr: [
    'Bienvenue à l’atelier.',
    'Aujourd’hui, nous construisons une petite étagère.',
    'Mesurez deux fois, coupez une fois.',
    'Merci d’avoir regardé.',
  ],
  'pt-BR': [
    'Bem-vindos de volta à oficina.',
    'Hoje vamos construir uma prateleira.',
    'Obrigado por assistir.',
  ],
};

/** A caption track id in YouTube's style: url-safe base64, 32 characters, or 44 ending in `=`. */
export function captionId(seed: number, ...parts: (string | number)[]): string {
  const digest = createHash('sha256')
    .update(`${seed}|${parts.join('|')}`)
    .digest('base64url');
  return parts.includes('asr') ? digest.slice(0, 32) : `${digest.slice(0, 43)}=`;
}

const after = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

type TrackSeed = Omit<FakeCaptionTrack, 'id' | 'videoId' | 'revision' | 'lastUpdated'> & { afterMs: number };

/** The tracks a video has, before any control call changes them. */
export function defaultTracks(seed: number, video: FakeGoogleVideo): FakeCaptionTrack[] {
  const chance = (what: string) => unit(seed, video.id, 'captions', what);
  if (chance('none') < 0.08) return [];
  const plain = { isDraft: false, status: 'serving', contributed: false } as const;
  const seeds: TrackSeed[] = [{ language: 'en', trackKind: 'asr', name: '', ...plain, afterMs: 3 * HOUR_MS }];
  if (chance('en') < 0.5)
    seeds.push({ language: 'en', trackKind: 'standard', name: 'English', ...plain, afterMs: 26 * HOUR_MS });
  if (chance('es') < 0.3)
    seeds.push({ language: 'es', trackKind: 'standard', name: 'Español', ...plain, afterMs: 50 * HOUR_MS });
  if (chance('ja') < 0.2)
    seeds.push({ language: 'ja', trackKind: 'standard', name: '日本語', ...plain, afterMs: 74 * HOUR_MS });
  if (chance('de') < 0.15) {
    seeds.push({
      language: 'de',
      trackKind: 'standard',
      name: 'Deutsch',
      ...plain,
      isDraft: true,
      afterMs: 98 * HOUR_MS,
    });
  }
  if (chance('fr') < 0.12) {
    seeds.push({
      language: 'fr',
      trackKind: 'standard',
      name: 'Français',
      ...plain,
      contributed: true,
      afterMs: 122 * HOUR_MS,
    });
  }
  if (chance('pt') < 0.08) {
    seeds.push({
      language: 'pt-BR',
      trackKind: 'standard',
      name: 'Português',
      ...plain,
      status: 'syncing',
      afterMs: 146 * HOUR_MS,
    });
  }
  return seeds.map(({ afterMs, ...track }) => ({
    ...track,
    id: captionId(seed, video.id, track.language, track.trackKind),
    videoId: video.id,
    revision: 0,
    lastUpdated: after(video.publishedAt, afterMs),
  }));
}

/** A video's tracks as `POST /__fake/captions` sets them: what a track leaves out, the fake fills in. */
export function patchedTracks(seed: number, patch: FakeCaptionTracksPatch, now: number): FakeCaptionTrack[] {
  return patch.tracks.map((track, i) => ({
    name: track.trackKind === 'asr' ? '' : track.language,
    isDraft: false,
    status: 'serving',
    contributed: false,
    revision: 0,
    lastUpdated: new Date(now - (patch.tracks.length - i) * 1000).toISOString(),
    ...track,
    id: track.id ?? captionId(seed, patch.videoId, track.language, track.trackKind, i, now),
    videoId: patch.videoId,
  }));
}

/** A track's cues: its own, or lines of its language's phrases chosen by the seed and its revision. */
export function trackCues(seed: number, track: FakeCaptionTrack): FakeCaptionCue[] {
  if (track.cues) return track.cues;
  const bank = PHRASES[track.language] ?? PHRASES[track.language.split('-')[0]] ?? PHRASES.en;
  const count = 6 + Math.floor(unit(seed, track.id, 'cues') * 6);
  return Array.from({ length: count }, (_, i) => {
    const pick = Math.floor(unit(seed, track.id, track.revision, i) * bank.length);
    const line = bank[(pick + track.revision) % bank.length];
    const text = track.trackKind === 'asr' ? line.toLowerCase().replace(/[.,!?。、]/g, '') : line;
    return { start: i * CUE_SECONDS, end: (i + 1) * CUE_SECONDS, text };
  });
}
