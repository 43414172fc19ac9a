/**
 * A caption track written as captions.download answers it (`tfmt`, https://developers.google.com/youtube/v3/docs/captions/download):
 * WebVTT, SubRip or SubViewer. A track written by a person is one cue per line. YouTube's automatic (`asr`) track in
 * WebVTT has YouTube's styling: each cue shows the previous line again above the new one, whose words after the first
 * carry their own start (`<00:00:01.240><c> word</c>`), and a 10 ms cue after it repeats the finished line alone, so
 * a player scrolls it up. Text is escaped as WebVTT asks (`&amp;`, `&lt;`, `&gt;`).
 */
import type { FakeCaptionCue, FakeCaptionTrack } from '@app/contracts/fake-google';

export const CAPTION_FORMATS = ['vtt', 'srt', 'sbv'] as const;
export type CaptionFormat = (typeof CAPTION_FORMATS)[number];

const SNAPSHOT_MS = 10;

function clock(ms: number, separator = '.', hourWidth = 2): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hours = Math.floor(ms / 3_600_000);
  return (
    `${pad(hours, hourWidth)}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}` +
    `${separator}${pad(ms % 1000, 3)}`
  );
}

const escapeVtt = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const ms = (seconds: number) => Math.round(seconds * 1000);

function vttHeader(language: string): string[] {
  return ['WEBVTT', 'Kind: captions', `Language: ${language}`, ''];
}

function plainVtt(language: string, cues: FakeCaptionCue[]): string {
  const lines = vttHeader(language);
  for (const cue of cues)
    lines.push(`${clock(ms(cue.start))} --> ${clock(ms(cue.end))}`, escapeVtt(cue.text), '');
  return lines.join('\n');
}

/** The rolling two-line cues of an automatic track, each word after a line's first with its own timestamp. */
function asrVtt(language: string, cues: FakeCaptionCue[]): string {
  const lines = vttHeader(language);
  let previous = ' ';
  for (const cue of cues) {
    const start = ms(cue.start);
    const end = ms(cue.end) - SNAPSHOT_MS;
    const words = cue.text.split(/\s+/).filter(Boolean).map(escapeVtt);
    const step = Math.floor((end - start) / Math.max(1, words.length));
    const timed = words
      .map((word, i) => (i === 0 ? word : `<${clock(start + i * step)}><c> ${word}</c>`))
      .join('');
    lines.push(`${clock(start)} --> ${clock(end)} align:start position:0%`, previous, timed, '');
    previous = words.join(' ');
    lines.push(`${clock(end)} --> ${clock(end + SNAPSHOT_MS)} align:start position:0%`, previous, ' ', '');
  }
  return lines.join('\n');
}

function srt(cues: FakeCaptionCue[]): string {
  return cues
    .map((cue, i) => `${i + 1}\n${clock(ms(cue.start), ',')} --> ${clock(ms(cue.end), ',')}\n${cue.text}\n`)
    .join('\n');
}

function sbv(cues: FakeCaptionCue[]): string {
  return cues
    .map((cue) => `${clock(ms(cue.start), '.', 1)},${clock(ms(cue.end), '.', 1)}\n${cue.text}\n`)
    .join('\n');
}

export function renderTrack(track: FakeCaptionTrack, cues: FakeCaptionCue[], format: CaptionFormat): string {
  if (format === 'srt') return srt(cues);
  if (format === 'sbv') return sbv(cues);
  return track.trackKind === 'asr' ? asrVtt(track.language, cues) : plainVtt(track.language, cues);
}
