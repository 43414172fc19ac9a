import { parseChapters } from '@app/contracts/chapters';
import type { SearchMatchKind, TranscriptCue } from '@app/contracts';

/**
 * What the index holds of one video: one entry per searchable unit, numbered so the number says its kind and the
 * order of kinds is the ranking's: the title, its chapters, its description, then its transcripts' passages. An
 * entry's text is never stored: it is the video's own (title, description, a chapter parsed from it) or a passage's
 * cues (`cues`), read again for the few results a page shows.
 */
export interface SearchEntry {
  /** 0 the title; 1… its chapters; `DESCRIPTION_ENTRY`; from `FIRST_PASSAGE_ENTRY` the passages. */
  entry: number;
  text: string;
  /** Where each cue starts in `text` and at which millisecond of the video; a chapter has one. Null: no moment. */
  marks: Marks | null;
  /** A passage's cues: its track and the positions of its first and last cue. */
  cues?: CueRange;
}

export type Marks = [offset: number, ms: number][];

export interface CueRange {
  track: number;
  first: number;
  last: number;
}

/** What a video's entries are made of. */
export interface SearchSource {
  id: string;
  title: string;
  description: string | null;
  /** Its transcripts: each track's id and cues, in order. */
  transcripts: { track: number; cues: TranscriptCue[] }[];
}

/**
 * The version of how entries and their terms are made (here and in search-text.ts): raise it when either changes,
 * and the next start indexes every video again.
 */
export const SEARCH_INDEX_FORMAT = 1;

export const TITLE_ENTRY = 0;
/** Chapters beyond this many are not indexed (YouTube's own lists stay far below). */
export const MAX_CHAPTER_ENTRIES = 255;
export const DESCRIPTION_ENTRY = MAX_CHAPTER_ENTRIES + 1;
export const FIRST_PASSAGE_ENTRY = DESCRIPTION_ENTRY + 1;
/** Entries of one video: its entries' ids are `videoNo * ENTRIES_PER_VIDEO + entry`. */
export const ENTRIES_PER_VIDEO = 65_536;

/**
 * Cues are indexed in passages of about this many seconds (a passage is a moment when it holds every word of the
 * query). A passage also begins with the last cue of the one before when no pause parts them (`CARRY_GAP_SECONDS`),
 * so a sentence cut by the boundary is found. The moment is still the start of the cue where the first match is said.
 */
export const PASSAGE_SECONDS = 30;
/** The longest pause after which a passage still begins with the cue before it. */
const CARRY_GAP_SECONDS = 3;
/** A passage is closed before it grows past this (a cue may be 500 characters). */
const PASSAGE_MAX_LENGTH = 2_000;

export function entryKind(entry: number): SearchMatchKind {
  if (entry === TITLE_ENTRY) return 'title';
  if (entry < DESCRIPTION_ENTRY) return 'chapter';
  return entry === DESCRIPTION_ENTRY ? 'description' : 'transcript';
}

/** A passage's text (its cues' texts, one space between) and where each cue starts in it. */
export function passageText(cues: TranscriptCue[]): { text: string; marks: Marks } {
  let text = '';
  const marks: Marks = [];
  for (const cue of cues) {
    const line = cue.text.trim();
    if (!line) continue;
    if (text) text += ' ';
    marks.push([text.length, Math.round(cue.start * 1000)]);
    text += line;
  }
  return { text, marks };
}

/** A track's passages, as ranges of its cues. */
function passages(cues: TranscriptCue[]): [first: number, last: number][] {
  const out: [number, number][] = [];
  // The passage's first cue (maybe carried over), and its first new one (where its seconds count from).
  let first = 0;
  let fresh = 0;
  let length = 0;
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i];
    const full =
      cue.start - cues[fresh].start >= PASSAGE_SECONDS || length + cue.text.length > PASSAGE_MAX_LENGTH;
    if (i > fresh && full) {
      out.push([first, i - 1]);
      const before = cues[i - 1];
      fresh = i;
      first = cue.start - before.end <= CARRY_GAP_SECONDS ? i - 1 : i;
      length = first < i ? before.text.length + 1 : 0;
    }
    length += cue.text.length + 1;
  }
  if (cues.length > first) out.push([first, cues.length - 1]);
  return out;
}

/**
 * The chapters of a video, as its entries number them (from 1). Read without the video's length: a length that
 * becomes known (a stream that ended) would only decide whether a last chapter under 10 s counts, and the index
 * need not change for that.
 */
export function chaptersOf(video: Pick<SearchSource, 'description'>) {
  const chapters = parseChapters(video.description);
  return chapters.slice(0, MAX_CHAPTER_ENTRIES);
}

/** A video's entries, in entry order. */
export function searchEntries(source: SearchSource): SearchEntry[] {
  const entries: SearchEntry[] = [];
  if (source.title.trim()) entries.push({ entry: TITLE_ENTRY, text: source.title, marks: null });
  chaptersOf(source).forEach((chapter, i) =>
    entries.push({ entry: TITLE_ENTRY + 1 + i, text: chapter.title, marks: [[0, chapter.start * 1000]] }),
  );
  if (source.description?.trim()) {
    entries.push({ entry: DESCRIPTION_ENTRY, text: source.description, marks: null });
  }
  let entry = FIRST_PASSAGE_ENTRY;
  for (const { track, cues } of source.transcripts) {
    for (const [first, last] of passages(cues)) {
      if (entry >= ENTRIES_PER_VIDEO) return entries;
      const { text, marks } = passageText(cues.slice(first, last + 1));
      if (text) entries.push({ entry: entry++, text, marks, cues: { track, first, last } });
    }
  }
  return entries;
}

/** The moment of a matched entry at `offset` of its text: the start (seconds) of the cue it falls in. */
export function momentAt(marks: Marks, offset: number): number {
  let ms = marks[0]?.[1] ?? 0;
  for (const [at, start] of marks) {
    if (at > offset) break;
    ms = start;
  }
  return ms / 1000;
}
