import { TRANSCRIPT_CUE_MAX_LENGTH, type TranscriptCue } from '@app/contracts';

/**
 * A cue's text as the site keeps it: plain (tags gone, entities decoded, whitespace collapsed), one line, at most
 * TRANSCRIPT_CUE_MAX_LENGTH characters. And YouTube's automatic (ASR) tracks made readable: their cues roll, each
 * repeating the previous line above the new one, with a 10 ms "snapshot" cue between them.
 */

/**
 * The text of a cue's tokens (media-captions' `tokenizeVTTCue`), in order, with their line breaks. Ruby text (`rt`,
 * the reading above a Japanese word) is left out: the words are the text.
 */
export interface CueNode {
  type: string;
  data?: string;
  children?: CueNode[];
}

export function nodesText(nodes: readonly CueNode[]): string {
  let text = '';
  for (const node of nodes) {
    if (node.type === 'text') text += node.data ?? '';
    else if (node.children && node.type !== 'rt') text += nodesText(node.children);
  }
  return text;
}

/** Numeric references (`&#8217;`, `&#x2019;`); the parser decodes the named ones WebVTT defines. */
const NUMERIC_ENTITY = /&#(?:x([0-9a-f]{1,6})|(\d{1,7}));/gi;
/** SRT files carry HTML (`<font color="…">`, `{\an8}` positions); tags the cue parser did not know are dropped. */
const LEFTOVER_MARKUP = /<\/?[a-z][^<>]*>|\{\\[^{}]*\}/gi;

function decodeNumeric(text: string): string {
  return text.replace(NUMERIC_ENTITY, (entity, hex: string | undefined, dec: string | undefined) => {
    const code = hex ? parseInt(hex, 16) : Number(dec);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/** One line of plain text: markup dropped, entities decoded, every run of whitespace one space. */
export function plainLine(text: string): string {
  return decodeNumeric(text.replace(LEFTOVER_MARKUP, '')).replace(/\s+/g, ' ').trim();
}

/** Text cut to the limit at the last word that fits (or mid-word when one word is longer). */
export function clampText(text: string, max = TRANSCRIPT_CUE_MAX_LENGTH): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : text.slice(0, max)).trimEnd();
}

/** A cue as read from the file: its times and its text's lines, already plain. */
export interface CueLines {
  start: number;
  end: number;
  lines: string[];
}

/** YouTube's snapshot cues last 10 ms; anything this short shows nothing a reader could follow. */
const SNAPSHOT_SECONDS = 0.05;

/**
 * YouTube ASR cues as plain consecutive cues: snapshot cues dropped, and the line a cue carries over from the
 * previous one (what was already said) dropped, so each cue holds only the words spoken in its time.
 */
export function unrollAsr(cues: readonly CueLines[]): CueLines[] {
  const out: CueLines[] = [];
  let last = '';
  for (const cue of cues) {
    if (cue.end - cue.start < SNAPSHOT_SECONDS) continue;
    const fresh = cue.lines[0] === last ? cue.lines.slice(1) : cue.lines;
    if (fresh.length === 0) continue;
    out.push({ start: cue.start, end: cue.end, lines: fresh });
    last = fresh[fresh.length - 1];
  }
  return out;
}

/** Cues the site stores: one line of text each, empty ones dropped, in order of their start. */
export function toTranscriptCues(cues: readonly CueLines[]): TranscriptCue[] {
  const out: TranscriptCue[] = [];
  for (const cue of cues) {
    const text = clampText(cue.lines.join(' ').replace(/\s+/g, ' ').trim());
    if (text && cue.end > cue.start) out.push({ start: roundMs(cue.start), end: roundMs(cue.end), text });
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

const roundMs = (seconds: number) => Math.round(seconds * 1000) / 1000;
