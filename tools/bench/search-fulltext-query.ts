/**
 * A site-search query as InnoDB FULLTEXT's boolean mode reads it, for the comparison of tools/bench/search-fulltext.ts:
 * the same semantics as the site (docs/search.md): every term required (`+`), the last word a prefix (`*`), each
 * term marked as the production query marks it (`zz` anywhere in the video, `zt` its title…), since the documents
 * hold marked terms.
 *
 * No term is quoted: a term is letters and digits only (`searchTokens`), one token for InnoDB's parser as it is in
 * the documents, and a quoted phrase would make InnoDB check positions (a prefix cannot be quoted at all). A term
 * with anything else in it is refused rather than let through as boolean-mode syntax.
 */
/** A term of a query, as the built API's `queryTerms` makes it (apps/api/src/search/search-query.ts). */
export interface QueryTerm {
  term: string;
  prefix: boolean;
}

const WORD = /^[\p{L}\p{N}]+$/u;
const MARK = /^[a-z]+$/;

export function booleanModeQuery(terms: readonly QueryTerm[], mark: string): string {
  if (!MARK.test(mark)) throw new Error(`not a field mark: ${JSON.stringify(mark)}`);
  if (!terms.length) throw new Error('a query with no term finds nothing: it is never asked');
  return terms
    .map(({ term, prefix }) => {
      if (!WORD.test(term)) throw new Error(`not a search term: ${JSON.stringify(term)}`);
      return `+${mark}${term}${prefix ? '*' : ''}`;
    })
    .join(' ');
}
