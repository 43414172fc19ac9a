import { TRANSCRIPT_MAX_BYTES, TRANSCRIPT_MAX_CUES, type TranscriptCue } from '@app/contracts';
import { CaptionFileError, type CaptionFormat, scanCaptionFile } from './caption-file-scan';
import {
  type CueLines,
  type CueNode,
  nodesText,
  plainLine,
  toTranscriptCues,
  unrollAsr,
} from './caption-text';

export { CaptionFileError, type CaptionFormat } from './caption-file-scan';

/**
 * A `.vtt` or `.srt` file (an upload, or a track downloaded from YouTube) as transcript cues.
 *
 * media-captions reads the file (WebVTT by its spec, SRT likewise: cue settings, NOTE/STYLE/REGION blocks, cue
 * text tags, entities and inline timestamps); a line scan first refuses what it would drop without a word and names
 * the line (see caption-file-scan.ts). docs/transcripts.md says why this parser, with measurements.
 *
 * - `format`: `vtt` or `srt`; by default a file starting with `WEBVTT` is WebVTT and any other is SRT.
 * - `asr`: whether the file is a YouTube automatic track (rolling cues, see `unrollAsr`); by default, when its
 *   cues carry inline word timings (`<00:00:01.000><c> word</c>`), which only those tracks have.
 *
 * Cues come back plain, one line each, empty ones dropped, ordered by start (WebVTT allows any order). Throws
 * CaptionFileError (`line 12: …`) for a file the site refuses: a wrong line, more than TRANSCRIPT_MAX_CUES cues,
 * more than TRANSCRIPT_MAX_BYTES, no cue at all.
 */
export async function parseCaptionFile(
  text: string,
  options: { format?: CaptionFormat; asr?: boolean } = {},
): Promise<{ cues: TranscriptCue[]; format: CaptionFormat; asr: boolean }> {
  if (Buffer.byteLength(text, 'utf8') > TRANSCRIPT_MAX_BYTES)
    throw new CaptionFileError(null, `the file is larger than ${TRANSCRIPT_MAX_BYTES / 1024 / 1024} MB`);
  let lines = text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
  const format = options.format ?? (/^WEBVTT/.test(lines[0]) ? 'vtt' : 'srt');
  // SRT editors leave spaces on the lines between cues; in WebVTT a line of spaces is cue text (YouTube's ASR has one).
  if (format === 'srt') lines = lines.map((line) => (line.trim() === '' ? '' : line));
  const scanned = scanCaptionFile(lines, format);
  if (scanned.length > TRANSCRIPT_MAX_CUES)
    throw new CaptionFileError(
      scanned[TRANSCRIPT_MAX_CUES].line,
      `a transcript holds at most ${TRANSCRIPT_MAX_CUES.toLocaleString('en')} cues`,
    );

  const { parseTextStream, tokenizeVTTCue } = (await import('media-captions')) as unknown as MediaCaptions;
  const parsed = await parseTextStream(lineStream(lines), { type: format });
  // media-captions keeps a cue only when it ends after it starts; the scan listed every cue block.
  const kept = scanned.filter((cue) => cue.end > cue.start);
  if (parsed.cues.length !== kept.length)
    throw new CaptionFileError(null, 'the file could not be read as captions');

  const asr = options.asr ?? parsed.cues.some((cue) => INLINE_TIMESTAMP.test(cue.text));
  const cues: CueLines[] = parsed.cues.map((cue) => ({
    start: cue.startTime,
    end: cue.endTime,
    lines: nodesText(tokenizeVTTCue(cue)).split('\n').map(plainLine).filter(Boolean),
  }));
  const result = toTranscriptCues(asr ? unrollAsr(cues) : cues);
  if (result.length === 0) throw new CaptionFileError(null, 'the file has no cue with text');
  return { cues: result, format, asr };
}

/**
 * What the site uses of media-captions. Its type declarations import each other without file extensions, which
 * `nodenext` resolution cannot follow, so they are restated here.
 */
interface ParsedCue {
  startTime: number;
  endTime: number;
  text: string;
}
interface MediaCaptions {
  parseTextStream(
    stream: ReadableStream<string>,
    options: { type: CaptionFormat },
  ): Promise<{ cues: ParsedCue[] }>;
  tokenizeVTTCue(cue: ParsedCue): CueNode[];
}

/** `<00:00:01.000>` or `<00:01.000>` inside a cue's text: YouTube ASR's word timings. */
const INLINE_TIMESTAMP = /<(?:\d+:)?\d{2}:\d{2}\.\d{3}>/;

/** Lines read between two turns of the event loop: a 5 MB file does not hold other requests up for its whole parse. */
const LINES_PER_TURN = 2000;

/**
 * The lines as a stream the parser pulls one at a time. media-captions' own `parseText` enqueues every line at
 * once, and Node's stream queue makes that quadratic: 12 to 19 s for a 5 MB file, against about 1 s pulled
 * (docs/transcripts.md). Every LINES_PER_TURN lines it lets the event loop run.
 */
function lineStream(lines: readonly string[]): ReadableStream<string> {
  let next = 0;
  return new ReadableStream<string>(
    {
      async pull(controller) {
        if (next > 0 && next % LINES_PER_TURN === 0) await new Promise((turn) => setImmediate(turn));
        if (next < lines.length) controller.enqueue(lines[next++]);
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}
