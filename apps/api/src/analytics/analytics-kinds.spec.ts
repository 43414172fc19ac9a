import {
  CAPPED_DIMS_PER_DAY,
  dimCapOf,
  ROLLUP,
  SEARCH_CANDIDATES_PER_DAY,
  searchDim,
} from './analytics-kinds';

describe('searchDim', () => {
  it('counts a query the way it reads: case, width and spaces aside', () => {
    expect(searchDim('  Docker   Compose ')).toBe('docker compose');
    expect(searchDim('ＤＯＣＫＥＲ')).toBe('docker');
    expect(searchDim('東京　タワー')).toBe('東京 タワー');
  });

  it('keeps at most 100 characters, and nothing of a blank query', () => {
    expect(searchDim(`${'a'.repeat(99)} bcd`)).toBe('a'.repeat(99));
    expect(searchDim('x'.repeat(300))).toHaveLength(100);
    expect(searchDim(' \t ')).toBe('');
  });
});

describe('dimCapOf', () => {
  it('caps the ids the site cannot check, and the queries of a day that runs', () => {
    expect(dimCapOf(ROLLUP.playlistOpen)).toBe(CAPPED_DIMS_PER_DAY);
    expect(dimCapOf(ROLLUP.search)).toBe(SEARCH_CANDIDATES_PER_DAY);
    expect(dimCapOf(ROLLUP.searchEmpty)).toBe(SEARCH_CANDIDATES_PER_DAY);
    expect(dimCapOf(ROLLUP.page)).toBeUndefined();
  });
});
