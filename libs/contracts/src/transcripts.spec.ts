import { canonicalLanguageTag, preferredTrack, type TranscriptTrackKey } from './transcripts';

const track = (source: TranscriptTrackKey['source'], language: string, kind: TranscriptTrackKey['kind']) => ({
  source,
  language,
  kind,
});

describe('preferredTrack', () => {
  const tracks = [
    track('youtube', 'en', 'asr'),
    track('youtube', 'en', 'standard'),
    track('youtube', 'ja', 'standard'),
    track('upload', 'en-GB', 'standard'),
    track('youtube', 'pt-BR', 'asr'),
  ];

  it("takes the site language's track, the exact tag before the same primary language", () => {
    expect(preferredTrack(tracks, 'ja')).toEqual(track('youtube', 'ja', 'standard'));
    expect(preferredTrack(tracks, 'pt-BR')).toEqual(track('youtube', 'pt-BR', 'asr'));
    expect(preferredTrack(tracks, 'en-GB')).toEqual(track('upload', 'en-GB', 'standard'));
  });

  it('then an upload before YouTube, and a written track before an automatic one', () => {
    expect(preferredTrack(tracks, 'en')).toEqual(track('youtube', 'en', 'standard'));
    expect(preferredTrack(tracks.slice(0, 2).reverse(), 'en')).toEqual(track('youtube', 'en', 'standard'));
    expect(
      preferredTrack([track('youtube', 'de', 'standard'), track('upload', 'de', 'standard')], 'de'),
    ).toEqual(track('upload', 'de', 'standard'));
  });

  it('falls back to another language, and to null without tracks', () => {
    expect(preferredTrack([track('youtube', 'fr', 'asr')], 'de')).toEqual(track('youtube', 'fr', 'asr'));
    expect(preferredTrack([], 'en')).toBeNull();
  });
});

describe('canonicalLanguageTag', () => {
  it('gives BCP 47 tags in their canonical case', () => {
    expect(['en', 'pt-br', 'JA', 'zh-hant-tw', 'es-419'].map(canonicalLanguageTag)).toEqual([
      'en',
      'pt-BR',
      'ja',
      'zh-Hant-TW',
      'es-419',
    ]);
  });

  it('refuses what is not a tag', () => {
    for (const value of ['', 'english', 'en_US', 'en-', '../x', 'x'.repeat(36), 'en US', '日本語'])
      expect(canonicalLanguageTag(value)).toBeNull();
  });
});
