import { formatTimestamp, parseChapters, parseStartTime } from './chapters';

const lines = (...rows: string[]) => rows.join('\n');

describe('parseChapters (YouTube rules)', () => {
  it('reads valid chapters with their titles; the last ends at the duration', () => {
    const description = lines(
      'In this video we build a shed.',
      '',
      '0:00 Intro',
      '1:05 - Tools you need',
      '12:30 | The floor',
      '1:02:03 Roof',
      'Thanks for watching!',
    );
    expect(parseChapters(description, 4000)).toEqual([
      { title: 'Intro', start: 0, end: 65 },
      { title: 'Tools you need', start: 65, end: 750 },
      { title: 'The floor', start: 750, end: 3723 },
      { title: 'Roof', start: 3723, end: 4000 },
    ]);
  });

  it('leaves the last chapter open when the duration is not known', () => {
    const chapters = parseChapters(lines('0:00 A', '0:10 B', '0:20 C'));
    expect(chapters.map((c) => c.end)).toEqual([10, 20, null]);
  });

  it('accepts m:ss, mm:ss and h:mm:ss, a stamp at the end of a line, and brackets', () => {
    expect(
      parseChapters(lines('(0:00) Start', 'Middle - 05:00', '[1:00:00] End'), 4000).map((c) => [
        c.start,
        c.title,
      ]),
    ).toEqual([
      [0, 'Start'],
      [300, 'Middle'],
      [3600, 'End'],
    ]);
    expect(parseChapters(lines('00:00 A', '00:30 B', '10:00 C'), 700).map((c) => c.start)).toEqual([
      0, 30, 600,
    ]);
  });

  it('names an untitled chapter by its number', () => {
    expect(parseChapters(lines('0:00', '0:30 Middle', '1:00'), 90).map((c) => c.title)).toEqual([
      'Chapter 1',
      'Middle',
      'Chapter 3',
    ]);
  });

  it('has no chapters with fewer than 3 stamps', () => {
    expect(parseChapters(lines('0:00 Intro', '1:00 Main part'), 300)).toEqual([]);
  });

  it('has no chapters when one is shorter than 10 seconds', () => {
    expect(parseChapters(lines('0:00 Intro', '0:09 Too short', '1:00 Main'), 300)).toEqual([]);
    // The last one too, against the duration.
    expect(parseChapters(lines('0:00 Intro', '0:30 Main', '4:55 Outro'), 300)).toEqual([]);
  });

  it('has no chapters when the first stamp is not 0:00', () => {
    expect(parseChapters(lines('0:05 Intro', '1:00 Main', '2:00 Outro'), 300)).toEqual([]);
  });

  it('has no chapters when the stamps go back in time or pass the end', () => {
    expect(parseChapters(lines('0:00 Intro', '2:00 Main', '1:00 Outro'), 300)).toEqual([]);
    expect(parseChapters(lines('0:00 Intro', '1:00 Main', '6:00 Outro'), 300)).toEqual([]);
  });

  it('ignores what is not a stamp', () => {
    expect(
      parseChapters(lines('0:60 no', '1:5 no', '0:00 A', 'at 10:30 we eat', '0:30 B', '1:00 C'), 90),
    ).toEqual([
      { title: 'A', start: 0, end: 30 },
      { title: 'B', start: 30, end: 60 },
      { title: 'C', start: 60, end: 90 },
    ]);
    expect(parseChapters(null)).toEqual([]);
    expect(parseChapters('')).toEqual([]);
  });
});

describe('formatTimestamp', () => {
  it('writes times as YouTube does', () => {
    expect([0, 5, 65, 600, 3599, 3600, 3723].map(formatTimestamp)).toEqual([
      '0:00',
      '0:05',
      '1:05',
      '10:00',
      '59:59',
      '1:00:00',
      '1:02:03',
    ]);
  });
});

describe('parseStartTime (?t=)', () => {
  it('reads seconds and the h/m/s form', () => {
    expect(parseStartTime('90')).toBe(90);
    expect(parseStartTime('90s')).toBe(90);
    expect(parseStartTime('1m30s')).toBe(90);
    expect(parseStartTime('2m')).toBe(120);
    expect(parseStartTime('1h2m3s')).toBe(3723);
  });

  it('is null for nothing, 0 and anything else', () => {
    for (const value of [null, undefined, '', '0', 's', 'm', '1:30', '-5', 'abc', '1.5'])
      expect(parseStartTime(value)).toBeNull();
  });
});
