/**
 * Caption files of a given length, shaped as the site meets them: a YouTube automatic (ASR) WebVTT track (rolling
 * two-line cues with inline word timings, each followed by a 10 ms snapshot cue) and an SRT file as desktop
 * subtitle editors save it (BOM, CRLF, comma milliseconds). About 140 words a minute, as people speak.
 */

const WORDS = (
  'so today we are going to build a small shelf from one board of pine and a few screws the first cut is the ' +
  'longest one measure twice and mark it with a pencil then clamp the board to the bench and saw slowly along ' +
  'the line R&D tip keep the blade square sand every edge before you glue the joints'
).split(' ');

const WORDS_PER_LINE = 7;
const LINE_SECONDS = 3;

function stamp(ms: number, comma = false): string {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const milli = ms % 1000;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${comma ? ',' : '.'}${pad(milli, 3)}`;
}

function lineWords(index: number): string[] {
  return Array.from({ length: WORDS_PER_LINE }, (_, i) => WORDS[(index * WORDS_PER_LINE + i) % WORDS.length]);
}

/** The number of spoken lines in `minutes`. */
export const linesIn = (minutes: number) => Math.floor((minutes * 60) / LINE_SECONDS);

/** A YouTube ASR WebVTT track of `minutes`: `linesIn(minutes)` spoken lines, each a cue and a snapshot cue. */
export function asrVtt(minutes: number): string {
  const out = ['WEBVTT', 'Kind: captions', 'Language: en', ''];
  let previous = ' ';
  for (let i = 0; i < linesIn(minutes); i++) {
    const start = i * LINE_SECONDS * 1000;
    const end = start + LINE_SECONDS * 1000 - 10;
    const words = lineWords(i).map((w) => w.replace('&', '&amp;'));
    const step = Math.floor((LINE_SECONDS * 1000 - 10) / words.length);
    const timed = words
      .map((word, j) => (j === 0 ? word : `<${stamp(start + j * step)}><c> ${word}</c>`))
      .join('');
    out.push(`${stamp(start)} --> ${stamp(end)} align:start position:0%`, previous, timed, '');
    previous = words.join(' ');
    out.push(`${stamp(end)} --> ${stamp(end + 10)} align:start position:0%`, previous, ' ', '');
  }
  return out.join('\n');
}

/** An SRT file of `minutes` (one cue per spoken line), with a BOM and CRLF line ends. */
export function srt(minutes: number): string {
  const out: string[] = [];
  for (let i = 0; i < linesIn(minutes); i++) {
    const start = i * LINE_SECONDS * 1000;
    out.push(
      String(i + 1),
      `${stamp(start, true)} --> ${stamp(start + LINE_SECONDS * 1000 - 200, true)}`,
      lineWords(i).join(' '),
      '',
    );
  }
  return `\ufeff${out.join('\r\n')}`;
}
