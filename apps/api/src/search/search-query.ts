import { searchTokens, type SearchToken } from './search-text';

/**
 * A visitor's query as the index reads it: always words, never the full-text syntax of either database. Quotes,
 * `*`, `-`, `+`, `OR`, `NEAR(…)`, `^`, `:` and parentheses are separators or plain words; every term must match (AND);
 * the last word is a prefix (as-you-type: `tok` finds Tokyo).
 */
export interface QueryTerm {
  term: string;
  prefix: boolean;
}

/** Terms a query keeps: the first ones and its last (the word being typed). More would only slow it down. */
export const MAX_QUERY_TERMS = 16;

/**
 * Put before every term stored in the index and asked of it, by where in the video it is. A video's index document
 * holds each of its words once as `zz…` (anywhere in it) and those of its title, chapters and description once more
 * with their own mark: the ranking asks those (docs/search.md).
 *
 * The marks also get past InnoDB's FULLTEXT rules: it drops tokens under 3 characters (`innodb_ft_min_token_size`)
 * and its stopwords (`the`, `to`, `com`…), even in a prefix query, so `ai`, `tv`, a CJK bigram or a 1-letter prefix
 * would never match. Marked, every token has 3 characters or more and none is a stopword; as the mark is on both
 * sides of every comparison, nothing matches that would not match without it.
 */
export const FIELD_MARKS = { any: 'zz', title: 'zt', chapter: 'zc', description: 'zd' } as const;
export type SearchField = keyof typeof FIELD_MARKS;

export const indexToken = (term: string, field: SearchField = 'any'): string =>
  `${FIELD_MARKS[field]}${term}`;

/** The terms `text` looks for; none when it has no word at all (`"`, `*`, `-`, an emoji). */
export function queryTerms(text: string): QueryTerm[] {
  const tokens = searchTokens(text, 'query');
  const last = tokens.at(-1);
  const terms = new Map<string, QueryTerm>();
  for (const token of tokens) {
    const prefix = token === last && !token.cjk;
    const known = terms.get(token.term);
    terms.set(token.term, { term: token.term, prefix: prefix && (known?.prefix ?? true) });
  }
  const all = [...terms.values()];
  return all.length > MAX_QUERY_TERMS ? [...all.slice(0, MAX_QUERY_TERMS - 1), all.at(-1)!] : all;
}

/**
 * A LIKE pattern finding the term in an entry's stored terms (`' cat dog '`: space-separated, unmarked, a space at
 * each end). Terms hold letters and digits only, never `%` or `_`.
 */
export function termPattern({ term, prefix }: QueryTerm): string {
  return `% ${term}${prefix ? '' : ' '}%`;
}

/** Whether a token of a stored text is one the query asked for: what a snippet marks. */
export function tokenMatches(token: SearchToken, terms: QueryTerm[]): boolean {
  return terms.some(({ term, prefix }) => (prefix ? token.term.startsWith(term) : token.term === term));
}
