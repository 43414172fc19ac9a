/**
 * The site search's words: how a text becomes the terms its index holds, and a query the terms it looks for. One
 * function for both sides (`searchTokens`), so what is indexed and what is asked always agree, on either database.
 *
 * - Unicode NFKC (full-width letters, ligatures, half-width kana become their ordinary forms), then lower case.
 * - Diacritics folded outside CJK text (é → e, ü → u, ø → o), and a few letters spelled out (ß → ss, æ → ae).
 * - Words are runs of letters and digits; everything else (punctuation, symbols, emoji) separates them.
 * - Han, Hiragana, Katakana and Hangul have no spaces between words: such a run becomes its overlapping bigrams
 *   (東京の天気 → 東京 京の の天 天気), and in the index its single characters too, so a one-character query
 *   (猫) finds every place it occurs. A query looks for its bigrams, or its character when it has only one.
 */

/** A term and where it came from in the text (UTF-16 offsets into the original, for marking snippets). */
export interface SearchToken {
  term: string;
  start: number;
  end: number;
  /** True for a term of CJK text (a bigram or a character): never matched as a prefix. */
  cjk: boolean;
}

/** `index`: what a stored text is indexed by; `query`: what a visitor's text looks for. */
export type TokenMode = 'index' | 'query';

/** Longest term kept: longer words are cut (the same way on both sides), well under InnoDB's 84 characters. */
export const MAX_TERM_LENGTH = 40;

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const CJK_START = new RegExp(`^[${CJK}]`, 'u');
/** Whether a term is of CJK text (its bigrams and characters are never asked as a prefix). */
export const isCjkTerm = (term: string): boolean => CJK_START.test(term);
/** A run of text with no separator in it, in the original. */
const SPAN = /[\p{L}\p{N}\p{M}]+/gu;
/** Inside a span, after NFKC: CJK runs, and the other words (NFKC may bring separators in: ½ → 1⁄2). */
const RUN = new RegExp(`([${CJK}]+)|(?:(?![${CJK}])[\\p{L}\\p{N}\\p{M}])+`, 'gu');
const MARKS = /\p{M}/gu;
/** Any character past ASCII (every code point of 128 and up). */
const NON_ASCII = /[\u0080-\u{10FFFF}]/u;
/** `SPAN` for a text that is all ASCII (the same spans, found faster). */
const ASCII_SPAN = /[A-Za-z0-9]+/g;
const NOT_WORD = /[^\p{L}\p{N}]+/u;
/** Letters that no decomposition turns into plain ones. */
const SPELLED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
};
const SPELLED_RE = new RegExp(`[${Object.keys(SPELLED).join('')}]`, 'g');

const cut = (term: string) => (term.length > MAX_TERM_LENGTH ? term.slice(0, MAX_TERM_LENGTH) : term);

/** A word without its diacritics, lower case (the input is NFKC already). */
function folded(word: string): string[] {
  const plain = word
    .toLowerCase()
    .normalize('NFD')
    .replace(MARKS, '')
    .normalize('NFC')
    .replace(SPELLED_RE, (c) => SPELLED[c]);
  return plain.split(NOT_WORD).filter(Boolean).map(cut);
}

/** The terms of one CJK run: its bigrams (and, in the index or when it is one character, its characters). */
function* cjkTokens(
  run: string,
  at: (i: number) => [number, number],
  mode: TokenMode,
): Generator<SearchToken> {
  const chars = Array.from(run);
  const offsets: number[] = [];
  for (let i = 0, o = 0; i < chars.length; o += chars[i].length, i++) offsets.push(o);
  const span = (i: number, n: number): SearchToken => {
    const [start] = at(offsets[i]);
    const [, end] = at(offsets[i + n - 1] + chars[i + n - 1].length - 1);
    return { term: chars.slice(i, i + n).join(''), start, end, cjk: true };
  };
  const single = mode === 'index' || chars.length === 1;
  for (let i = 0; i < chars.length; i++) {
    if (single) yield span(i, 1);
    if (i + 1 < chars.length) yield span(i, 2);
  }
}

/**
 * The terms of `text`, in order of where they start, one at a time (a snippet stops reading where it ends). Offsets
 * point into `text` itself; where NFKC changed a span's length (ｶﾞ → ガ) its terms all point at the whole span.
 */
export function* tokensOf(text: string, mode: TokenMode): Generator<SearchToken> {
  const ascii = !NON_ASCII.test(text);
  for (const span of text.matchAll(ascii ? ASCII_SPAN : SPAN)) {
    const original = span[0];
    const base = span.index;
    // Most words are plain ASCII letters and digits: nothing to normalize, fold or split.
    if (ascii || !NON_ASCII.test(original)) {
      yield { term: cut(original.toLowerCase()), start: base, end: base + original.length, cjk: false };
      continue;
    }
    const normal = original.normalize('NFKC');
    const exact = normal.length === original.length;
    // Where the characters [from, to] of `normal` are in `text`.
    const at = (from: number, to = from): [number, number] =>
      exact ? [base + from, base + to + 1] : [base, base + original.length];
    for (const run of normal.matchAll(RUN)) {
      if (run[1]) {
        yield* cjkTokens(run[0], (i) => at(run.index + i), mode);
        continue;
      }
      const [start, end] = at(run.index, run.index + run[0].length - 1);
      for (const term of folded(run[0])) yield { term, start, end, cjk: false };
    }
  }
}

/** `tokensOf` as a list. */
export function searchTokens(text: string, mode: TokenMode): SearchToken[] {
  return [...tokensOf(text, mode)];
}

/** `ASCII_SPAN` over lower-case text. */
const ASCII_WORD = /[a-z0-9]+/g;

/**
 * The terms a text is indexed by, each once, in order. An all-ASCII text (most titles and descriptions) is read
 * without the tokens' offsets, which only snippets need: the same terms as `tokensOf`'s ASCII path.
 */
export function indexTerms(text: string): string[] {
  const terms = new Set<string>();
  if (!NON_ASCII.test(text)) {
    for (const word of text.toLowerCase().match(ASCII_WORD) ?? []) terms.add(cut(word));
  } else {
    for (const token of tokensOf(text, 'index')) terms.add(token.term);
  }
  return [...terms];
}
