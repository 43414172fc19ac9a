import { queryTerms } from './search-query';
import { fts5Match } from './search-fts5';

describe('fts5Match', () => {
  it('quotes each marked term, the prefix one truncated, for any field', () => {
    const terms = queryTerms('東京 ai wea');
    expect(fts5Match(terms)).toBe('"zz東京" "zzai" "zzwea" *');
    expect(fts5Match(terms, 'title')).toBe('"zt東京" "ztai" "ztwea" *');
  });

  it('holds nothing but quoted marked words whatever the query', () => {
    const odd = queryTerms('") OR NEAR(x* -y +z ^w:v \' ~u @t <s >r %q {a} [b]');
    expect(fts5Match(odd)).toMatch(/^("z[ztcd][\p{L}\p{N}]+"( \*)? ?)+$/u);
  });
});
