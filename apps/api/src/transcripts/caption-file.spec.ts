import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRANSCRIPT_MAX_BYTES, TRANSCRIPT_MAX_CUES } from '@app/contracts';
import { CaptionFileError, parseCaptionFile } from './caption-file';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

/** The error a file is refused with (fails when it is accepted). */
async function refusal(text: string, format?: 'vtt' | 'srt'): Promise<CaptionFileError> {
  const error = await parseCaptionFile(text, { format }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CaptionFileError);
  return error as CaptionFileError;
}

describe('parseCaptionFile', () => {
  it('unrolls a YouTube ASR track: no repeated line, no 10 ms snapshot cue, word timings and entities gone', async () => {
    const { cues, format, asr } = await parseCaptionFile(fixture('youtube-asr.en.vtt'));
    expect({ format, asr }).toEqual({ format: 'vtt', asr: true });
    expect(cues).toEqual([
      { start: 0, end: 2.51, text: "so today we're building a shelf" },
      { start: 2.52, end: 5.19, text: 'from one board of pine' },
      { start: 5.2, end: 8.03, text: 'R&D tip measure twice' },
      { start: 8.04, end: 10, text: '[Music]' },
    ]);
  });

  it('reads a written WebVTT file: header text, STYLE, NOTE and REGION blocks, ids, settings, tags, order', async () => {
    const { cues, asr } = await parseCaptionFile(fixture('standard.vtt'));
    expect(asr).toBe(false);
    expect(cues).toEqual([
      { start: 1, end: 4.25, text: 'Welcome back to the workshop, friends & neighbours' },
      { start: 4.25, end: 6, text: 'It’s the first cut.' },
      { start: 7, end: 9, text: '<3 the grain' },
      { start: 3723, end: 3725.5, text: 'Thanks for watching!' },
    ]);
  });

  it('keeps Japanese text and leaves ruby readings out', async () => {
    const { cues } = await parseCaptionFile(fixture('japanese.ja.vtt'));
    expect(cues.map((cue) => cue.text)).toEqual(['今日は棚を作ります。', '松の板を一枚使います']);
  });

  it('reads SRT with a BOM, CRLF, comma milliseconds, HTML tags and positions', async () => {
    const { cues, format } = await parseCaptionFile(fixture('windows.srt'));
    expect(format).toBe('srt');
    expect(cues).toEqual([
      { start: 1, end: 2.5, text: 'Hello world' },
      { start: 3, end: 4, text: 'Second line continued here' },
      { start: 4, end: 5.12, text: 'Tom & Jerry' },
    ]);
  });

  it('reads SRT with LF or CR line ends, spaces between cues and no final newline', async () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nOne\n   \n2\n00:00:02,000 --> 00:00:03,000\nTwo';
    expect((await parseCaptionFile(srt)).cues.map((c) => c.text)).toEqual(['One', 'Two']);
    expect((await parseCaptionFile(srt.replace(/\n/g, '\r'))).cues).toHaveLength(2);
  });

  it('cuts a long cue at a word', async () => {
    const long = `WEBVTT\n\n00:01.000 --> 00:02.000\n${'word '.repeat(200)}`;
    const [cue] = (await parseCaptionFile(long)).cues;
    expect(cue.text.length).toBeLessThanOrEqual(500);
    expect(cue.text.endsWith('word')).toBe(true);
  });

  it.each([
    [
      'a timing line that does not parse',
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nok\n\n00:00:0x.000 --> 00:00:04.000\nbad',
      6,
    ],
    [
      'a broken arrow (SRT)',
      '1\n00:00:01,000 --> 00:00:02,500\nok\n\n2\n00:00:03,000 -> 00:00:04,000\nbroken',
      6,
    ],
    ['a cue that ends before it starts', '1\n00:00:05,000 --> 00:00:04,000\nbackwards', 2],
    ['minutes past 59', 'WEBVTT\n\n00:61:00.000 --> 00:62:00.000\nx', 3],
    ['no blank line between cues', 'WEBVTT\n\n00:01.000 --> 00:02.000\na\n00:02.000 --> 00:03.000\nb', 5],
    ['a cue block without a timing line', '1\n00:00:01,000 --> 00:00:02,000\nok\n\nstray text\nmore', 6],
    ['a .vtt without its header', '00:01.000 --> 00:02.000\nhello', 1],
  ])('refuses %s and names the line', async (_, text, line) => {
    const error = await refusal(text, text.startsWith('00:01.000') ? 'vtt' : undefined);
    expect(error.line).toBe(line);
    expect(error.message).toMatch(new RegExp(`^line ${line}: `));
  });

  it('says how to write a timing line', async () => {
    const error = await refusal('1\n00:00:01.000 - 00:00:02.000\nx');
    expect(error.message).toBe(
      'line 2: "00:00:01.000 - 00:00:02.000" is not a cue timing: write it as 00:01:02,500 --> 00:01:04,000',
    );
  });

  it('refuses a file with no cue text, an empty file and a file past the size limit', async () => {
    expect((await refusal('WEBVTT\n\n00:01.000 --> 00:02.000\n<i> </i>')).message).toBe(
      'the file has no cue with text',
    );
    expect((await refusal('')).line).toBeNull();
    expect((await refusal('x'.repeat(TRANSCRIPT_MAX_BYTES + 1))).message).toBe(
      'the file is larger than 5 MB',
    );
  });

  it('refuses more cues than a track holds, at the first cue too many', async () => {
    const cue = (i: number) => `${i + 1}\n00:00:01,000 --> 00:00:02,000\nx\n`;
    const text = Array.from({ length: TRANSCRIPT_MAX_CUES + 1 }, (_, i) => cue(i)).join('\n');
    const error = await refusal(text);
    expect(error.line).toBe(TRANSCRIPT_MAX_CUES * 4 + 2);
    expect(error.message).toContain('at most 50,000 cues');
  });
});
