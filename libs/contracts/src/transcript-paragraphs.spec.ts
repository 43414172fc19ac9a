import { pageHead, pageHeadHtml } from './page-head';
import { joinCueTexts, paragraphAt, type TranscriptCue, transcriptParagraphs } from './transcripts';
import {
  TRANSCRIPT_JSON_LD_MAX_LENGTH,
  transcriptJsonLdText,
  videoObjectJsonLd,
  type WatchVideo,
  watchPageHead,
} from './watch';

const cue = (start: number, end: number, text: string): TranscriptCue => ({ start, end, text });
/** Cues of `seconds` each from 0, the text of each from `text(i)`. */
const every = (seconds: number, count: number, text: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => cue(i * seconds, (i + 1) * seconds, text(i)));

describe('transcriptParagraphs', () => {
  it('joins cues into paragraphs of at most 30 s, each from its first cue’s start to its last cue’s end', () => {
    // YouTube's automatic captions: no punctuation, a cue every 3 s.
    const paragraphs = transcriptParagraphs(every(3, 25, (i) => `words ${i}`));
    expect(paragraphs.map((p) => [p.start, p.end])).toEqual([
      [0, 30],
      [30, 60],
      [60, 75],
    ]);
    expect(paragraphs[0].text).toBe(
      'words 0 words 1 words 2 words 3 words 4 words 5 words 6 words 7 words 8 words 9',
    );
  });

  it('ends one at a sentence’s end once it lasts 20 s, and at a pause of 4 s once it lasts 10 s', () => {
    const sentences = transcriptParagraphs(every(4, 10, (i) => (i === 5 ? 'The end.' : `part ${i}`)));
    expect(sentences.map((p) => p.start)).toEqual([0, 24]);
    const pauses = transcriptParagraphs([
      cue(0, 3, 'one'),
      cue(7, 9, 'after a pause within 10 s'),
      cue(9, 12, 'two'),
      cue(16, 18, 'after a pause'),
    ]);
    expect(pauses.map((p) => p.text)).toEqual(['one after a pause within 10 s two', 'after a pause']);
  });

  it('leaves out cues without text, tidies spaces, and joins Japanese without a space', () => {
    expect(
      transcriptParagraphs([cue(0, 2, '  hello \n world '), cue(2, 3, ' '), cue(3, 4, 'again')]),
    ).toEqual([{ start: 0, end: 4, text: 'hello world again' }]);
    expect(
      transcriptParagraphs([cue(0, 2, 'こんにちは。'), cue(2, 4, '今日は'), cue(4, 6, 'Rust')])[0].text,
    ).toBe('こんにちは。今日はRust');
    expect(joinCueTexts('', 'a')).toBe('a');
    expect(joinCueTexts('Hello', 'world')).toBe('Hello world');
    expect(joinCueTexts('漢字', 'かな')).toBe('漢字かな');
    expect(transcriptParagraphs([])).toEqual([]);
  });
});

describe('paragraphAt', () => {
  const paragraphs = [
    { start: 0, end: 25, text: 'a' },
    { start: 30, end: 55, text: 'b' },
    { start: 60, end: 70, text: 'c' },
  ];

  it('is the paragraph from its start to the next one’s, the last one’s to its end', () => {
    expect([0, 24.9, 27, 30, 59.99, 60, 70].map((s) => paragraphAt(paragraphs, s))).toEqual([
      0, 0, 0, 1, 1, 2, 2,
    ]);
  });

  it('is none before the first, after the last, without a time or without paragraphs', () => {
    expect(paragraphAt([{ ...paragraphs[0], start: 5 }], 4)).toBe(-1);
    expect(paragraphAt(paragraphs, 70.5)).toBe(-1);
    expect(paragraphAt(paragraphs, null)).toBe(-1);
    expect(paragraphAt([], 3)).toBe(-1);
  });
});

describe('the VideoObject’s transcript', () => {
  const video: WatchVideo = {
    id: 'abc_DEF-123',
    title: 'How to build a shed',
    description: 'Step by step.',
    thumbnail: null,
    image: null,
    durationSeconds: 900,
    viewCount: 1,
    publishedAt: '2031-05-06T07:08:09.000Z',
    kind: 'video',
  };

  it('is the paragraphs’ text joined', () => {
    const transcript = { paragraphs: [{ text: 'First we measure.' }, { text: 'Then we cut.' }] };
    expect(videoObjectJsonLd({ ...video, transcript }, 'https://site.example')).toMatchObject({
      transcript: 'First we measure. Then we cut.',
    });
  });

  it('is bounded: a 3-hour stream’s carries its first 1,000 characters, cut after a word', () => {
    const paragraphs = transcriptParagraphs(every(3, 3600, (i) => `sentence number ${i} of the stream`));
    const text = transcriptJsonLdText(paragraphs);
    expect(text.length).toBeLessThanOrEqual(TRANSCRIPT_JSON_LD_MAX_LENGTH);
    expect(text.length).toBeGreaterThan(TRANSCRIPT_JSON_LD_MAX_LENGTH - 40);
    expect(text.startsWith('sentence number 0 of the stream sentence number 1')).toBe(true);
    // Cut after a whole word.
    expect(text).toMatch(/ (sentence|number|\d+|of|the|stream)…$/);
    // Japanese, without spaces: between two characters.
    const japanese = transcriptJsonLdText([{ text: 'あ'.repeat(TRANSCRIPT_JSON_LD_MAX_LENGTH + 10) }]);
    expect(japanese).toBe(`${'あ'.repeat(TRANSCRIPT_JSON_LD_MAX_LENGTH - 1)}…`);
  });

  it('is left out without a transcript', () => {
    for (const transcript of [undefined, null, { paragraphs: [] }])
      expect(videoObjectJsonLd({ ...video, transcript }, 'https://site.example')).not.toHaveProperty(
        'transcript',
      );
  });
});

describe('the OpenSearch link of every head', () => {
  const settings = {
    siteTitle: 'Sheds & "more"',
    siteDescription: '',
    metaKeywords: '',
    ogImage: '',
    twitterHandle: '',
    enableRSS: false,
    siteLanguage: 'en' as const,
  };

  it('names the site, on the site’s pages and on a watch page', () => {
    const link =
      '<link rel="search" type="application/opensearchdescription+xml" href="/opensearch.xml" title="Sheds &amp; &quot;more&quot;" />';
    expect(pageHeadHtml(pageHead(settings, 'https://site.example'))).toContain(link);
    const watch = watchPageHead(settings, 'https://site.example', { ...video(), transcript: null });
    expect(pageHeadHtml(watch)).toContain(link);
  });

  function video(): WatchVideo {
    return {
      id: 'x',
      title: 't',
      description: null,
      thumbnail: null,
      image: null,
      durationSeconds: 1,
      viewCount: null,
      publishedAt: '2031-05-06T07:08:09.000Z',
      kind: 'video',
    };
  }
});
