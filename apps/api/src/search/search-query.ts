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
 * Put before every term stored in the index and asked of it. InnoDB's FULLTEXT drops tokens under 3 characters
 * (`innodb_ft_min_token_size`) and its stopwords (`the`, `to`, `com`…), even in a prefix query: `ai`, `tv`, a CJK
 * bigram or a 1-letter prefix would never match. With the mark every token has 3 characters or more and none is a
 * stopword; as it is on both sides of every comparison, nothing can match it that did not match before.
 */
export const TERM_MARK = 'zz';

export const indexToken = (term: string): string => `${TERM_MARK}${term}`;

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

/** SQLite FTS5's MATCH expression: each term a quoted string (terms hold letters and digits only), ANDed. */
export function fts5Match(terms: QueryTerm[]): string {
  return terms.map(({ term, prefix }) => `"${indexToken(term)}"${prefix ? ' *' : ''}`).join(' ');
}

/** InnoDB's boolean-mode expression: every term required (`+`), the prefix one truncated (`*`). */
export function booleanMatch(terms: QueryTerm[]): string {
  return terms.map(({ term, prefix }) => `+${indexToken(term)}${prefix ? '*' : ''}`).join(' ');
}

/** Whether a token of a stored text is one the query asked for: what a snippet marks. */
export function tokenMatches(token: SearchToken, terms: QueryTerm[]): boolean {
  return terms.some(({ term, prefix }) => (prefix ? token.term.startsWith(term) : token.term === term));
}
