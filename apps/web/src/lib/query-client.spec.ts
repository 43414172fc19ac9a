import { createQueryClient, QUERY_GC_TIME_MS } from './query-client';

describe('createQueryClient', () => {
  it('keeps data fresh forever, never refetches by itself and never retries', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
      gcTime: 5 * 60 * 1000,
    });
    expect(QUERY_GC_TIME_MS).toBe(300_000);
    // Every query names its own fetcher (features/*/api): there is no default to build a URL from a key.
    expect(queries?.queryFn).toBeUndefined();
    expect(mutations).toMatchObject({ retry: false });
  });
});
