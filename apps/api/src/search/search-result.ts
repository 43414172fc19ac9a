import {
  SEARCH_MOMENTS_MAX,
  type SearchMatchKind,
  type SearchMoment,
  type SearchResult,
  type SnippetPart,
  type TranscriptCue,
} from '@app/contracts';
import {
  chaptersOf,
  type CueRange,
  DESCRIPTION_ENTRY,
  entryKind,
  type Marks,
  momentAt,
  passageText,
  TITLE_ENTRY,
} from './search-documents';
import type { MatchedEntry } from './search-index.store';
import type { QueryTerm } from './search-query';
import { snippetOf } from './search-snippet';

/** What a result is made from: the video as listed, its tier, its matched entries and their passages' cues. */
export interface ResultSource {
  video: { title: string; description: string | null };
  /** The ranking's tier (`DialectMatch.scored`): 4 title, 3 chapters, 2 description, 1 anywhere. */
  tier: number;
  entries: MatchedEntry[];
  /** The cues of passages, by `cueKey`. */
  cues: Map<string, TranscriptCue[]>;
}

const TIER_KINDS: Record<number, SearchMatchKind> = {
  4: 'title',
  3: 'chapter',
  2: 'description',
  1: 'transcript',
};
/** Moments looked at per video: one more than shown, as two passages may start at the same cue. */
const CANDIDATES = SEARCH_MOMENTS_MAX + 1;

export const cueKey = (cues: CueRange): string => `${cues.track}:${cues.first}`;

const bits = (mask: number) => mask.toString(2).replace(/0/g, '').length;

/** Entries best first: those that hold the most words of the query, then in entry order. */
const ranked = (entries: MatchedEntry[]) =>
  [...entries].sort((a, b) => bits(b.found) - bits(a.found) || a.entry - b.entry);

/** The chapters and passages a result's moments are taken from: whose cues a page must read. */
export function momentCandidates(entries: MatchedEntry[]): MatchedEntry[] {
  return ranked(entries)
    .filter((e) => ['chapter', 'transcript'].includes(entryKind(e.entry)))
    .slice(0, CANDIDATES);
}

/** An entry's text and cue marks, from the video and the cues read (null when they are gone meanwhile). */
function textOf(entry: MatchedEntry, source: ResultSource): { text: string; marks: Marks | null } | null {
  const { video } = source;
  if (entry.entry === TITLE_ENTRY) return { text: video.title, marks: null };
  if (entry.entry === DESCRIPTION_ENTRY)
    return video.description ? { text: video.description, marks: null } : null;
  if (entryKind(entry.entry) === 'chapter') {
    const chapter = chaptersOf(video)[entry.entry - 1];
    return chapter ? { text: chapter.title, marks: [[0, chapter.start * 1000]] } : null;
  }
  const cues = entry.cues && source.cues.get(cueKey(entry.cues));
  return cues?.length ? passageText(cues) : null;
}

/**
 * A result's match, snippet and moments: how it was ranked, its best entry of that kind marked (what is said: its
 * first moment), and its chapters and passages that hold the most words of the query, each at the cue where the
 * first match is said.
 */
export function searchResultOf(source: ResultSource, terms: QueryTerm[]): Omit<SearchResult, 'video'> {
  const match = TIER_KINDS[source.tier] ?? 'transcript';
  const moments: SearchMoment[] = [];
  for (const entry of momentCandidates(source.entries)) {
    const found = textOf(entry, source);
    if (!found?.marks || moments.length >= SEARCH_MOMENTS_MAX) continue;
    const snippet = snippetOf(found.text, terms);
    const at = momentAt(found.marks, snippet.firstMatch ?? 0);
    if (moments.some((moment) => moment.at === at)) continue;
    moments.push({ kind: entryKind(entry.entry) as SearchMoment['kind'], at, snippet: snippet.parts });
  }
  const best =
    match === 'transcript' ? undefined : ranked(source.entries).find((e) => entryKind(e.entry) === match);
  const text = best && textOf(best, source);
  const snippet: SnippetPart[] = text
    ? snippetOf(text.text, terms).parts
    : (moments[0]?.snippet ?? snippetOf(source.video.title, terms).parts);
  return { match, snippet, moments };
}
