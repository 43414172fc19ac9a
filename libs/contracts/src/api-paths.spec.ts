import { API_PREFIX, apiPaths, isApiPath } from './api-paths';

const entries = Object.entries(apiPaths);
type Builder = (...values: string[]) => string;
const builders = entries.filter((entry): entry is [string, Builder] => typeof entry[1] === 'function');
/** A builder called with the same value for each of its parameters. */
const build = (entry: Builder, value: string) => entry(...Array.from({ length: entry.length }, () => value));

describe('apiPaths', () => {
  it.each(entries)('%s is under the API prefix, so the web server hands it to the API', (_name, entry) => {
    const path = typeof entry === 'function' ? build(entry, 'x') : entry;
    expect(path.startsWith(`${API_PREFIX}/`)).toBe(true);
    expect(isApiPath(path)).toBe(true);
  });

  it('builds parameterised paths', () => {
    expect(builders.length).toBeGreaterThan(0);
    expect(apiPaths.playlistPin('PL1')).toBe('/api/playlists/PL1/pin');
    expect(apiPaths.sponsorship(7)).toBe('/api/admin/sponsorships/7');
    expect(apiPaths.videoTranscript('v1', 'upload', 'pt-BR', 'standard')).toBe(
      '/api/admin/videos/v1/transcripts/upload/pt-BR/standard',
    );
  });

  it.each(builders)('%s encodes its arguments as one path segment each', (_name, builder) => {
    const path = build(builder, 'a/b?c#d e@f');
    expect(path).toContain('a%2Fb%3Fc%23d%20e%40f');
    expect(path).not.toContain('a/b');
  });

  it('has one name per path', () => {
    const paths = entries.map(([, entry]) => (typeof entry === 'function' ? build(entry, ':param') : entry));
    expect(new Set(paths).size).toBe(paths.length);
  });
});
