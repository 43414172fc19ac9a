import { MAX_QUERY_TERMS, queryTerms, termPattern, tokenMatches } from './search-query';
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

describe('termPattern', () => {
  it('finds a whole term, or the prefix term by its start, between the spaces of stored terms', () => {
    const [whole, prefix] = queryTerms('cat do');
    expect(termPattern(whole)).toBe('% cat %');
    expect(termPattern(prefix)).toBe('% do%');
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
