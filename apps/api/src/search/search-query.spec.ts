import { booleanMatch, fts5Match, MAX_QUERY_TERMS, queryTerms, tokenMatches } from './search-query';
import { searchTokens } from './search-text';

describe('queryTerms', () => {
  it('makes the last word a prefix, the others whole words', () => {
    expect(queryTerms('Tokyo wea')).toEqual([
      { term: 'tokyo', prefix: false },
      { term: 'wea', prefix: true },
    ]);
  });

  it('never makes a CJK term a prefix', () => {
    expect(queryTerms('東京')).toEqual([{ term: '東京', prefix: false }]);
    expect(queryTerms('tokyo 東')).toEqual([
      { term: 'tokyo', prefix: false },
      { term: '東', prefix: false },
    ]);
  });

  it('reads full-text syntax as words or separators', () => {
    expect(queryTerms('"')).toEqual([]);
    expect(queryTerms('* - + ^ : ( )')).toEqual([]);
    expect(queryTerms('NEAR(a b)').map((t) => t.term)).toEqual(['near', 'a', 'b']);
    expect(queryTerms('a OR b').map((t) => t.term)).toEqual(['a', 'or', 'b']);
    expect(queryTerms('title:cat -dog').map((t) => t.term)).toEqual(['title', 'cat', 'dog']);
  });

  it('asks a repeated word once, and at most MAX_QUERY_TERMS terms, keeping the last', () => {
    expect(queryTerms('go go')).toEqual([{ term: 'go', prefix: false }]);
    const many = queryTerms(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '));
    expect(many).toHaveLength(MAX_QUERY_TERMS);
    expect(many.at(-1)).toEqual({ term: 'w29', prefix: true });
  });
});

describe('match expressions', () => {
  const terms = queryTerms('東京 ai wea');

  it('quotes each marked term for FTS5', () => {
    expect(fts5Match(terms)).toBe('"zz東京" "zzai" "zzwea" *');
  });

  it('requires each marked term in InnoDB boolean mode', () => {
    expect(booleanMatch(terms)).toBe('+zz東京 +zzai +zzwea*');
  });

  it('holds nothing but marked words whatever the query', () => {
    const odd = queryTerms('") OR NEAR(x* -y +z ^w:v \' ~u @t <s >r %q');
    for (const expression of [fts5Match(odd), booleanMatch(odd)]) {
      expect(expression).toMatch(/^([+]?"?zz[\p{L}\p{N}]+"?( \*|\*)? ?)+$/u);
    }
  });
});

describe('tokenMatches', () => {
  it('matches whole terms, and the prefix term by its start', () => {
    const terms = queryTerms('café tok');
    const matched = searchTokens('A cafe in Tokyo, cafeteria', 'index').filter((token) =>
      tokenMatches(token, terms),
    );
    expect(matched.map((token) => token.term)).toEqual(['cafe', 'tokyo']);
  });
});
