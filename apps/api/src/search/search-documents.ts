import { parseChapters } from '@app/contracts/chapters';
import type { SearchMatchKind, TranscriptCue } from '@app/contracts';

/**
 * What the index holds of one video: one entry per searchable unit, numbered so the number says its kind and the
 * order of kinds is the ranking's (a lower number is a better match): the title, its chapters, its description,
 * then its transcripts' passages.
 */
export interface SearchEntry {
  /** 0 the title; 1… its chapters; `DESCRIPTION_ENTRY`; from `FIRST_PASSAGE_ENTRY` the passages. */
  entry: number;
  text: string;
  /** Where each cue starts in `text` and at which millisecond of the video; a chapter has one. Null: no moment. */
  marks: [offset: number, ms: number][] | null;
}

/** What a video's entries are made of. */
export interface SearchSource {
  id: string;
  title: string;
  description: string | null;
  durationSeconds: number;
  /** Its transcripts' cues, a list per track. */
  transcripts: TranscriptCue[][];
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
 * Cues are indexed in passages of about this many seconds (a passage matches when it holds every word of the
 * query). A passage also begins with the last cue of the one before when no pause parts them (`CARRY_GAP_SECONDS`),
 * so a sentence cut by the boundary is found.
 * 30 s keeps a 15-minute video at ~30 rows (one per cue would be ~300) while the moment stays a cue's start: see
 * docs/search.md for the measured sizes.
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

function passages(cues: TranscriptCue[]): Omit<SearchEntry, 'entry'>[] {
  const out: Omit<SearchEntry, 'entry'>[] = [];
  let text = '';
  let marks: [number, number][] = [];
  let started = 0;
  let carried: TranscriptCue | null = null;
  const add = (cue: TranscriptCue) => {
    const line = cue.text.trim();
    if (!line) return;
    if (text) text += ' ';
    marks.push([text.length, Math.round(cue.start * 1000)]);
    text += line;
  };
  for (const cue of cues) {
    if (
      text &&
      (cue.start - started >= PASSAGE_SECONDS || text.length + cue.text.length > PASSAGE_MAX_LENGTH)
    ) {
      out.push({ text, marks });
      text = '';
      marks = [];
      if (carried && cue.start - carried.end <= CARRY_GAP_SECONDS) add(carried);
      started = cue.start;
    }
    if (!text) started = cue.start;
    add(cue);
    carried = cue;
  }
  if (text && marks.length) out.push({ text, marks });
  return out;
}

/** A video's entries, in entry order. */
export function searchEntries(source: SearchSource): SearchEntry[] {
  const entries: SearchEntry[] = [];
  if (source.title.trim()) entries.push({ entry: TITLE_ENTRY, text: source.title, marks: null });
  parseChapters(source.description, source.durationSeconds)
    .slice(0, MAX_CHAPTER_ENTRIES)
    .forEach((chapter, i) =>
      entries.push({ entry: TITLE_ENTRY + 1 + i, text: chapter.title, marks: [[0, chapter.start * 1000]] }),
    );
  if (source.description?.trim()) {
    entries.push({ entry: DESCRIPTION_ENTRY, text: source.description, marks: null });
  }
  const room = ENTRIES_PER_VIDEO - FIRST_PASSAGE_ENTRY;
  source.transcripts
    .flatMap(passages)
    .slice(0, room)
    .forEach((passage, i) => entries.push({ entry: FIRST_PASSAGE_ENTRY + i, ...passage }));
  return entries;
}

/** The moment of a matched entry at `offset` of its text: the start (seconds) of the cue it falls in. */
export function momentAt(marks: [number, number][], offset: number): number {
  let ms = marks[0]?.[1] ?? 0;
  for (const [at, start] of marks) {
    if (at > offset) break;
    ms = start;
  }
  return ms / 1000;
}
