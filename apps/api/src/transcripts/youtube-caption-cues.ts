import type { TranscriptCue, TranscriptKind } from '@app/contracts';
import { parseCaptionFile } from './caption-file';

/**
 * The cues of a track downloaded from YouTube (`tfmt=vtt`), read by the site's caption parser: an automatic (`asr`)
 * track's rolling cues and word timings become plain consecutive cues. Throws CaptionFileError naming the wrong line.
 */
export async function cuesOfDownload(text: string, kind: TranscriptKind): Promise<TranscriptCue[]> {
  return (await parseCaptionFile(text, { format: 'vtt', asr: kind === 'asr' })).cues;
}
