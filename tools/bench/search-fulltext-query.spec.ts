import { queryTerms } from '../../apps/api/src/search/search-query';
import { booleanModeQuery } from './search-fulltext-query';

describe('the boolean-mode query of the FULLTEXT comparison', () => {
  it('requires every term, marked, and the last word as a prefix', () => {
    expect(booleanModeQuery(queryTerms('the Cat to'), 'zz')).toBe('+zzthe +zzcat +zzto*');
    expect(booleanModeQuery(queryTerms('t'), 'zt')).toBe('+ztt*');
  });

  it('reads the full-text syntax a visitor types as words, as the site does', () => {
    expect(booleanModeQuery(queryTerms('"Café" -OR +tok* (NEAR) ~x'), 'zd')).toBe(
      '+zdcafe +zdor +zdtok +zdnear +zdx*',
    );
  });

  it('asks CJK bigrams whole, never as a prefix', () => {
    expect(booleanModeQuery(queryTerms('京都 東京の'), 'zz')).toBe('+zz京都 +zz東京 +zz京の');
    expect(booleanModeQuery(queryTerms('猫'), 'zc')).toBe('+zc猫');
  });

  it('refuses what would be boolean-mode syntax rather than pass it on', () => {
    expect(() => booleanModeQuery([{ term: 'cat*', prefix: false }], 'zz')).toThrow('not a search term');
    expect(() => booleanModeQuery([{ term: 'a b', prefix: false }], 'zz')).toThrow('not a search term');
    expect(() => booleanModeQuery([{ term: 'cat', prefix: false }], 'z"')).toThrow('not a field mark');
    expect(() => booleanModeQuery([], 'zz')).toThrow('no term');
  });
});
