import {
  SEARCH_MOMENTS_MAX,
  type SearchMatchKind,
  type SearchMoment,
  type SearchResult,
} from '@app/contracts';
import { entryKind, momentAt } from './search-documents';
import type { MatchedEntry } from './search-index.store';
import type { QueryTerm } from './search-query';
import { snippetOf } from './search-snippet';

const bits = (mask: number) => mask.toString(2).replace(/0/g, '').length;

/**
 * What a video's matched entries say (`SearchIndexStore.matching`): how it matched, as the ranking's tiers define
 * it (every word in the title, in its chapters taken together, in its description, else anywhere), its best
 * entry's snippet, and its moments: chapters and passages that hold every word first, then those that hold the most,
 * each at the cue where its first match is said.
 */
export function searchResultOf(entries: MatchedEntry[], terms: QueryTerm[]): Omit<SearchResult, 'video'> {
  const all = 2 ** terms.length - 1;
  const of = (kind: SearchMatchKind) => entries.filter((e) => entryKind(e.entry) === kind);
  const covers = (list: MatchedEntry[]) => list.reduce((mask, e) => mask | e.found, 0) === all;
  const match: SearchMatchKind =
    (['title', 'chapter', 'description'] as const).find((kind) => covers(of(kind))) ?? 'transcript';
  const ranked = [...entries].sort((a, b) => bits(b.found) - bits(a.found) || a.entry - b.entry);
  const moments: SearchMoment[] = [];
  for (const entry of ranked) {
    const kind = entryKind(entry.entry);
    if (moments.length >= SEARCH_MOMENTS_MAX) break;
    if (kind !== 'chapter' && kind !== 'transcript') continue;
    const snippet = snippetOf(entry.text, terms);
    const at = momentAt(JSON.parse(entry.marks ?? '[]'), snippet.firstMatch ?? 0);
    if (moments.some((moment) => moment.at === at)) continue;
    moments.push({ kind, at, snippet: snippet.parts });
  }
  const best =
    match === 'transcript' ? null : [...of(match)].sort((a, b) => bits(b.found) - bits(a.found))[0];
  return {
    match,
    snippet: best
      ? snippetOf(best.text, terms).parts
      : (moments[0]?.snippet ?? snippetOf(ranked[0].text, terms).parts),
    moments,
  };
}
