import { clampText, plainLine, toTranscriptCues, unrollAsr } from './caption-text';

describe('caption text', () => {
  it('makes a line plain: markup gone, numeric references decoded, spaces collapsed', () => {
    expect(plainLine('  <font color="#fff">Caf&#233;</font>\t{\\an8} &#x2019;s  ok ')).toBe('Café ’s ok');
    // A reference past Unicode stays as written.
    expect(plainLine('&#99999999;')).toBe('&#99999999;');
  });

  it('cuts at the last word that fits, or mid-word for one long word', () => {
    expect(clampText('aaa bbb ccc', 9)).toBe('aaa bbb');
    expect(clampText('a'.repeat(20), 8)).toBe('a'.repeat(8));
    expect(clampText('short', 8)).toBe('short');
  });

  it('unrolls ASR cues: drops the carried-over line and snapshots, keeps a word said twice in a row', () => {
    const cues = unrollAsr([
      { start: 0, end: 2, lines: ['yeah'] },
      { start: 2, end: 2.01, lines: ['yeah'] },
      { start: 2.01, end: 4, lines: ['yeah', 'yeah'] },
      { start: 4, end: 6, lines: ['yeah', 'so anyway'] },
    ]);
    expect(cues.map((cue) => cue.lines)).toEqual([['yeah'], ['yeah'], ['so anyway']]);
  });

  it('orders cues by start and drops empty or zero-length ones', () => {
    expect(
      toTranscriptCues([
        { start: 5, end: 6, lines: ['b'] },
        { start: 1, end: 2, lines: ['a'] },
        { start: 3, end: 3, lines: ['zero'] },
        { start: 4, end: 5, lines: [] },
      ]),
    ).toEqual([
      { start: 1, end: 2, text: 'a' },
      { start: 5, end: 6, text: 'b' },
    ]);
  });
});
