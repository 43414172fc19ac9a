import type { TranscriptCue, TranscriptKind } from '@app/contracts';

/**
 * The cues of a track downloaded from YouTube as WebVTT. An automatic (`asr`) track's rolling cues become plain
 * consecutive ones: its 10 ms snapshot cues are dropped, and so is the line a cue repeats from the one before; the
 * inline word timings (`<00:00:01.240><c> word</c>`) are removed. Throws an Error naming the wrong line.
 */
export async function cuesOfDownload(text: string, kind: TranscriptKind): Promise<TranscriptCue[]> {
  const lines = text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
  if (!/^WEBVTT(\s|$)/.test(lines[0] ?? '')) throw new Error('line 1: a WebVTT file starts with WEBVTT');
  const cues: TranscriptCue[] = [];
  let last = '';
  for (let i = 1; i < lines.length; i += 1) {
    const timing = /^\s*((?:\d+:)?\d{2}:\d{2}\.\d{3})\s+-->\s+((?:\d+:)?\d{2}:\d{2}\.\d{3})/.exec(lines[i]);
    if (!timing) continue;
    const [start, end] = [seconds(timing[1]), seconds(timing[2])];
    if (end < start) throw new Error(`line ${i + 1}: the cue ends before it starts`);
    const body: string[] = [];
    for (i += 1; i < lines.length && lines[i] !== ''; i += 1) body.push(plain(lines[i]));
    let shown = body.filter(Boolean);
    if (kind === 'asr') {
      if (end - start < 0.05) continue;
      if (shown[0] === last) shown = shown.slice(1);
      if (shown.length) last = shown[shown.length - 1];
    }
    const words = shown.join(' ').replace(/\s+/g, ' ').trim();
    if (words) cues.push({ start, end, text: words });
  }
  if (cues.length === 0) throw new Error('the file has no cue with text');
  return cues;
}

function seconds(stamp: string): number {
  const parts = stamp.split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

function plain(line: string): string {
  return line
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .trim();
}
