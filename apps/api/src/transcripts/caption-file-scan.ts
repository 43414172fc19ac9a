/**
 * A line scan of a caption file that names the first wrong line: what media-captions accepts without a word (a cue
 * block with no timing line, a timing line with a broken arrow, a cue that ends before it starts, two cues with no
 * blank line between them are dropped or merged by it). It also gives each cue the line of its timing, which the
 * parser's cues do not carry. Linear in the file's length.
 */

export type CaptionFormat = 'vtt' | 'srt';

/** A caption file the site refuses, and the line (1-based) that is wrong; null when no one line is. */
export class CaptionFileError extends Error {
  constructor(
    readonly line: number | null,
    readonly reason: string,
  ) {
    super(line === null ? reason : `line ${line}: ${reason}`);
    this.name = 'CaptionFileError';
  }
}

/** One cue block as the scan sees it: the line of its timing, its start and end in seconds. */
export interface ScannedCue {
  line: number;
  start: number;
  end: number;
}

/** `[hh:]mm:ss[.mmm]` (SRT writes `,` for `.`): a WebVTT timestamp, minutes and seconds below 60. */
const TIMESTAMP = /^(?:(\d+):)?([0-5]\d):([0-5]\d)(?:[.,](\d{1,3}))?$/;
/** Anything that tries to be a timing line: two times (`1:02`, `00:01:02,5`) around an arrow, however mistyped. */
const LOOKS_TIMED = /^\s*\d+(?::\d+)+(?:[.,]\d*)?\s*[-–—=]+>?\s*\d+(?::\d+)+/;
const isTiming = (line: string) => line.includes('-->') || LOOKS_TIMED.test(line);
const ARROW = /\s*-->\s*/;

export function timestampSeconds(text: string): number | null {
  const match = TIMESTAMP.exec(text.trim());
  if (!match) return null;
  const [, hours = '0', minutes, seconds, millis = '0'] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(millis.padEnd(3, '0')) / 1000;
}

const example = (format: CaptionFormat) =>
  format === 'srt' ? '00:01:02,500 --> 00:01:04,000' : '00:01:02.500 --> 00:01:04.000';

/** The start and end of a timing line (`start --> end [settings]`), or the reason it is not one. */
function timing(text: string, format: CaptionFormat): { start: number; end: number } | string {
  const [startText, rest] = text.split(ARROW, 2);
  if (rest === undefined) return `"${text.trim()}" is not a cue timing: write it as ${example(format)}`;
  const start = timestampSeconds(startText);
  const end = timestampSeconds(rest.trim().split(/\s+/)[0]);
  if (start === null || end === null)
    return `"${text.trim()}" is not a cue timing: write it as ${example(format)}`;
  if (end < start)
    return `the cue ends (${rest.trim().split(/\s+/)[0]}) before it starts (${startText.trim()})`;
  return { start, end };
}

/**
 * Checks the blocks of a file (lines without the BOM) and lists its cues. A block is lines between empty lines. In
 * WebVTT the first is the `WEBVTT` header (with YouTube's `Kind:`/`Language:` lines), then NOTE, STYLE and REGION
 * blocks, and cues: an optional id line, the timing line, the text. In SRT every block is a cue: its number, the
 * timing line, the text. Throws CaptionFileError at the first line that breaks this.
 */
export function scanCaptionFile(lines: readonly string[], format: CaptionFormat): ScannedCue[] {
  const cues: ScannedCue[] = [];
  let i = 0;
  if (format === 'vtt') {
    if (!/^WEBVTT(?:$|[ \t])/.test(lines[0] ?? ''))
      throw new CaptionFileError(1, 'a WebVTT file starts with "WEBVTT"');
    while (i < lines.length && lines[i] !== '') {
      if (i > 0 && lines[i].includes('-->'))
        throw new CaptionFileError(i + 1, 'a blank line must follow the WEBVTT header');
      i++;
    }
  }
  while (i < lines.length) {
    if (lines[i] === '') {
      i++;
      continue;
    }
    const first = i;
    let end = i;
    while (end < lines.length && lines[end] !== '') end++;
    const head = lines[first].trim();
    const skipped = format === 'vtt' && /^(NOTE|STYLE|REGION)(?:$|[ \t])/.test(head) && !head.includes('-->');
    if (!skipped) cues.push(scanCue(lines, first, end, format));
    i = end;
  }
  return cues;
}

function scanCue(lines: readonly string[], first: number, end: number, format: CaptionFormat): ScannedCue {
  const timed = isTiming(lines[first]) ? first : first + 1;
  if (timed >= end || !isTiming(lines[timed])) {
    const line = Math.min(timed, end - 1) + 1;
    throw new CaptionFileError(line, `expected a cue timing line such as ${example(format)}`);
  }
  const parsed = timing(lines[timed], format);
  if (typeof parsed === 'string') throw new CaptionFileError(timed + 1, parsed);
  for (let j = timed + 1; j < end; j++) {
    if (isTiming(lines[j]))
      throw new CaptionFileError(j + 1, 'a blank line must come before a cue timing line');
  }
  return { line: timed + 1, ...parsed };
}
