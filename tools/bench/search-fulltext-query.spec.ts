import { booleanModeQuery } from './search-fulltext-query';

// The terms as the API's queryTerms makes them of a visitor's text (its own specs test that part).
const words = (...terms: string[]) => terms.map((term, i) => ({ term, prefix: i === terms.length - 1 }));

describe('the boolean-mode query of the FULLTEXT comparison', () => {
  it('requires every term, marked, and the last word as a prefix', () => {
    expect(booleanModeQuery(words('the', 'cat', 'to'), 'zz')).toBe('+zzthe +zzcat +zzto*');
    expect(booleanModeQuery(words('t'), 'zt')).toBe('+ztt*');
  });

  it('writes words that are boolean-mode operators elsewhere as words (`"Café" -OR +tok*` is cafe, or, tok)', () => {
    expect(booleanModeQuery(words('cafe', 'or', 'tok'), 'zd')).toBe('+zdcafe +zdor +zdtok*');
  });

  it('asks CJK bigrams whole, never as a prefix', () => {
    const bigrams = [
      { term: '京都', prefix: false },
      { term: '東京', prefix: false },
    ];
    expect(booleanModeQuery(bigrams, 'zz')).toBe('+zz京都 +zz東京');
    expect(booleanModeQuery([{ term: '猫', prefix: false }], 'zc')).toBe('+zc猫');
  });

  it('refuses what would be boolean-mode syntax rather than pass it on', () => {
    for (const term of ['cat*', 'a b', '"cat"', '-cat', 'cat)', ''])
      expect(() => booleanModeQuery([{ term, prefix: false }], 'zz')).toThrow('not a search term');
    expect(() => booleanModeQuery(words('cat'), 'z"')).toThrow('not a field mark');
    expect(() => booleanModeQuery([], 'zz')).toThrow('no term');
  });
});
