import type { SnippetPart } from '@app/contracts';
import { type QueryTerm, tokenMatches } from './search-query';
import { tokensOf } from './search-text';

/** A text this long or shorter is shown whole; a longer one is cut around its first match. */
export const SNIPPET_MAX_LENGTH = 180;
/** Of a cut snippet, the part before the first match. */
const LEAD = 50;
const ELLIPSIS = '…';

export interface Snippet {
  parts: SnippetPart[];
  /** Where the first match starts in the text (UTF-16 offset); null when nothing in it matched. */
  firstMatch: number | null;
}

/** Where to cut a long text: at a space near `at`, searching towards `direction`, or at `at`. */
function boundary(text: string, at: number, direction: -1 | 1): number {
  if (at <= 0) return 0;
  if (at >= text.length) return text.length;
  for (let i = at, steps = 0; i > 0 && i < text.length && steps < 20; i += direction, steps++) {
    if (/\s/.test(text[i])) return direction < 0 ? i + 1 : i;
  }
  return at;
}

/**
 * `text` as snippet parts, its matched words marked (`match: true`): whole when short, else a window around the
 * first match with `…` where it was cut. Plain text: the page renders it as such, never as HTML.
 */
export function snippetOf(text: string, terms: QueryTerm[]): Snippet {
  const long = text.length > SNIPPET_MAX_LENGTH;
  let from = 0;
  let to = text.length;
  // The matched stretches, merged where they touch or overlap (CJK bigrams overlap), read up to the window's end.
  const ranges: [number, number][] = [];
  for (const token of tokensOf(text, 'index')) {
    if (token.start >= to) break;
    if (!tokenMatches(token, terms)) continue;
    const last = ranges.at(-1);
    if (last && token.start <= last[1]) {
      last[1] = Math.max(last[1], token.end);
      continue;
    }
    if (!ranges.length && long) {
      from = boundary(text, Math.max(0, token.start - LEAD), -1);
      to = boundary(text, from + SNIPPET_MAX_LENGTH, 1);
    }
    ranges.push([token.start, token.end]);
  }
  if (!ranges.length && long) to = boundary(text, SNIPPET_MAX_LENGTH, 1);
  const firstMatch = ranges[0]?.[0] ?? null;
  const parts: SnippetPart[] = [];
  const push = (part: string, match: boolean) => {
    if (part) parts.push({ text: part, match });
  };
  let at = from;
  for (const [start, end] of ranges) {
    if (end <= from || start >= to) continue;
    push(text.slice(at, Math.max(at, start)), false);
    push(text.slice(Math.max(at, start), Math.min(end, to)), true);
    at = Math.min(end, to);
  }
  push(text.slice(at, to), false);
  if (from > 0) parts.unshift({ text: ELLIPSIS, match: false });
  if (to < text.length) parts.push({ text: ELLIPSIS, match: false });
  return { parts: mergedPlain(parts), firstMatch };
}

/** Neighbouring unmarked parts as one (the ellipsis joins the text beside it). */
function mergedPlain(parts: SnippetPart[]): SnippetPart[] {
  const out: SnippetPart[] = [];
  for (const part of parts) {
    const last = out.at(-1);
    if (last && !last.match && !part.match) last.text += part.text;
    else out.push({ ...part });
  }
  return out;
}
