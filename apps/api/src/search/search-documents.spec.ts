import type { TranscriptCue } from '@app/contracts';
import {
  DESCRIPTION_ENTRY,
  entryKind,
  FIRST_PASSAGE_ENTRY,
  momentAt,
  PASSAGE_SECONDS,
  passageText,
  searchEntries,
} from './search-documents';

const source = (transcripts: TranscriptCue[][] = [], description: string | null = null) => ({
  id: 'v1',
  title: 'A title',
  description,
  durationSeconds: 600,
  transcripts: transcripts.map((cues, i) => ({ track: 10 + i, cues })),
});
const passagesOf = (transcripts: TranscriptCue[][]) =>
  searchEntries(source(transcripts)).filter((e) => entryKind(e.entry) === 'transcript');

describe('searchEntries', () => {
  it('numbers the title, the chapters (with their start), the description, then the passages', () => {
    const entries = searchEntries(
      source([[{ start: 1, end: 2, text: 'Hi.' }]], 'About it\n0:00 Intro\n2:00 Middle\n5:00 End'),
    );
    expect(entries.map((e) => [e.entry, entryKind(e.entry), e.text, e.marks, e.cues])).toEqual([
      [0, 'title', 'A title', null, undefined],
      [1, 'chapter', 'Intro', [[0, 0]], undefined],
      [2, 'chapter', 'Middle', [[0, 120_000]], undefined],
      [3, 'chapter', 'End', [[0, 300_000]], undefined],
      [DESCRIPTION_ENTRY, 'description', 'About it\n0:00 Intro\n2:00 Middle\n5:00 End', null, undefined],
      [FIRST_PASSAGE_ENTRY, 'transcript', 'Hi.', [[0, 1000]], { track: 10, first: 0, last: 0 }],
    ]);
  });

  it('groups cues into passages of about PASSAGE_SECONDS, each cue marked with its start', () => {
    const cues = Array.from({ length: 40 }, (_, i) => ({ start: i * 3, end: i * 3 + 3, text: `cue${i}` }));
    const passages = passagesOf([cues]);
    expect(passages).toHaveLength(Math.ceil(40 / (PASSAGE_SECONDS / 3)));
    expect(passages[0].text).toBe('cue0 cue1 cue2 cue3 cue4 cue5 cue6 cue7 cue8 cue9');
    expect(passages[0].marks!.slice(0, 2)).toEqual([
      [0, 0],
      [5, 3000],
    ]);
    // The next passage begins with the cue before it (no pause parts them), and counts its seconds from its own.
    expect(passages[1].cues).toEqual({ track: 10, first: 9, last: 19 });
    expect(passages[1].text.startsWith('cue9 cue10')).toBe(true);
    expect(passages[1].marks![1]).toEqual([5, 30_000]);
  });

  it('carries no cue over a pause, and keeps tracks apart', () => {
    const passages = passagesOf([
      [
        { start: 0, end: 2, text: 'first' },
        { start: 60, end: 62, text: 'later' },
      ],
      [{ start: 0, end: 2, text: 'premier' }],
    ]);
    expect(passages.map((e) => [e.text, e.cues])).toEqual([
      ['first', { track: 10, first: 0, last: 0 }],
      ['later', { track: 10, first: 1, last: 1 }],
      ['premier', { track: 11, first: 0, last: 0 }],
    ]);
  });

  it('closes a passage before it grows too long', () => {
    const long = Array.from({ length: 10 }, (_, i) => ({ start: i, end: i + 1, text: 'x'.repeat(450) }));
    expect(passagesOf([long]).length).toBeGreaterThan(2);
  });

  it('skips an empty title or description', () => {
    expect(searchEntries({ ...source([], '  '), title: '' })).toEqual([]);
  });
});

describe('passageText', () => {
  it('joins the cues with a space, marking where each starts, and skips empty ones', () => {
    expect(
      passageText([
        { start: 1.5, end: 2, text: ' Hello ' },
        { start: 2, end: 3, text: '' },
        { start: 3.25, end: 4, text: 'world' },
      ]),
    ).toEqual({
      text: 'Hello world',
      marks: [
        [0, 1500],
        [6, 3250],
      ],
    });
  });
});

describe('momentAt', () => {
  it('is the start of the cue an offset falls in', () => {
    const marks: [number, number][] = [
      [0, 1000],
      [10, 4500],
      [20, 9000],
    ];
    expect(momentAt(marks, 0)).toBe(1);
    expect(momentAt(marks, 15)).toBe(4.5);
    expect(momentAt(marks, 99)).toBe(9);
  });
});
