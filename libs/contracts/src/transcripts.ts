/**
 * A video's transcripts: timed cues from the owner's captions. Free of zod so the watch page can import it alone
 * (`@app/contracts/transcripts`).
 *
 * Sources: `youtube` (the channel's caption tracks, read with the connected Google account) and `upload` (a `.vtt` or
 * `.srt` file the owner uploads in the Content tab). A video has at most one track per source, language and kind.
 */

export const TRANSCRIPT_SOURCES = ['youtube', 'upload'] as const;
export type TranscriptSource = (typeof TRANSCRIPT_SOURCES)[number];

/** `asr`: YouTube's automatic captions; `standard`: captions a person wrote (every uploaded file). */
export const TRANSCRIPT_KINDS = ['standard', 'asr'] as const;
export type TranscriptKind = (typeof TRANSCRIPT_KINDS)[number];

/** One cue: seconds from the start of the video (millisecond precision) and its text (plain, one line). */
export interface TranscriptCue {
  start: number;
  end: number;
  text: string;
}

/** What identifies a track of a video. */
export interface TranscriptTrackKey {
  source: TranscriptSource;
  /** BCP 47 (`en`, `pt-BR`, `ja`), as the file or YouTube names it. */
  language: string;
  kind: TranscriptKind;
}

/** A stored track, without its cues. */
export interface TranscriptTrack extends TranscriptTrackKey {
  /** The track's own name (YouTube's `snippet.name`, or the uploaded file's name). */
  name: string | null;
  cueCount: number;
  /** When the site stored it (ISO 8601). */
  storedAt: string;
}

/** The transcript a watch page shows: one track and its cues. */
export interface VideoTranscript extends TranscriptTrackKey {
  cues: TranscriptCue[];
}

/** How many cues one track may hold (a 12-hour stream at one cue a second is 43,200). */
export const TRANSCRIPT_MAX_CUES = 50_000;
/** The largest caption file the site takes (an upload, or a track downloaded from YouTube). */
export const TRANSCRIPT_MAX_BYTES = 5 * 1024 * 1024;
/** The longest text one cue keeps; longer text is cut at a word. */
export const TRANSCRIPT_CUE_MAX_LENGTH = 500;

/** The longest language tag a track keeps (`video_transcript.language`). */
export const TRANSCRIPT_LANGUAGE_MAX_LENGTH = 35;

/**
 * A BCP 47 language tag in its canonical case (`pt-br` → `pt-BR`, `EN` → `en`), or null when the text is not one.
 * `Intl` decides, as it does for `<html lang>`; the language itself is an ISO 639 code of 2 or 3 letters (BCP 47's
 * 5-to-8-letter form is reserved, and would let words such as `english` through).
 */
export function canonicalLanguageTag(value: string): string | null {
  if (value.length > TRANSCRIPT_LANGUAGE_MAX_LENGTH || !/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]+)*$/.test(value))
    return null;
  try {
    const [tag] = Intl.getCanonicalLocales(value);
    return tag && tag.length <= TRANSCRIPT_LANGUAGE_MAX_LENGTH ? tag : null;
  } catch {
    return null;
  }
}

/** Which source wins when a video has both: the owner's own upload is a deliberate choice. */
const SOURCE_RANK: Record<TranscriptSource, number> = { upload: 0, youtube: 1 };
const KIND_RANK: Record<TranscriptKind, number> = { standard: 0, asr: 1 };

/** How well a track's language fits the site's: 0 the same tag, 1 the same primary language, 2 another. */
function languageFit(track: string, site: string): number {
  const a = track.toLowerCase();
  const b = site.toLowerCase();
  if (a === b) return 0;
  return a.split('-')[0] === b.split('-')[0] ? 1 : 2;
}

/**
 * The track a visitor is shown: the site language's first (the exact tag, then the same primary language), then an
 * upload before YouTube's, then a written track before an automatic one. Null for none.
 */
export function preferredTrack<T extends TranscriptTrackKey>(
  tracks: readonly T[],
  siteLanguage: string,
): T | null {
  let best: T | null = null;
  let bestRank: number[] = [];
  for (const track of tracks) {
    const rank = [
      languageFit(track.language, siteLanguage),
      SOURCE_RANK[track.source],
      KIND_RANK[track.kind],
    ];
    const order = rank.map((r, i) => r - bestRank[i]).find((d) => d !== 0);
    if (best === null || (order !== undefined && order < 0)) {
      best = track;
      bestRank = rank;
    }
  }
  return best;
}

/**
 * A paragraph of a transcript as the watch page shows it: consecutive cues joined, from its first cue's start to its
 * last cue's end (seconds). One link each instead of one a cue keeps a long stream's page light (docs/public-page.md).
 */
export interface TranscriptParagraph {
  start: number;
  end: number;
  text: string;
}

/** The transcript a watch page shows (the track `preferredTrack` picks), in paragraphs. */
export interface WatchTranscript extends TranscriptTrackKey {
  paragraphs: TranscriptParagraph[];
}

/**
 * How cues are grouped: a paragraph ends at a sentence's end once it lasts `sentence` seconds, at a pause of
 * `pause` seconds once it lasts `short`, and in any case before it would last `longest` (YouTube's automatic
 * captions have no punctuation, so theirs end there).
 */
export const TRANSCRIPT_PARAGRAPH = { sentence: 20, longest: 30, pause: 4, short: 10 } as const;

const SENTENCE_END = /[.!?…。！？]["'”’)\]]*$/u;
/** Scripts written without spaces between words (Chinese, Japanese): their cues join without one. */
const NO_SPACE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

/** Two pieces of text as one: with a space between words, without one where either side is Chinese or Japanese. */
export function joinCueTexts(before: string, after: string): string {
  if (!before) return after;
  if (!after) return before;
  const glued = NO_SPACE_SCRIPT.test(before.slice(-1)) || NO_SPACE_SCRIPT.test(after.charAt(0));
  return glued ? `${before}${after}` : `${before} ${after}`;
}

/** A track's cues (in order) as the watch page's paragraphs (`TRANSCRIPT_PARAGRAPH`); cues without text are left out. */
export function transcriptParagraphs(cues: readonly TranscriptCue[]): TranscriptParagraph[] {
  const paragraphs: TranscriptParagraph[] = [];
  let current: TranscriptParagraph | null = null;
  for (const cue of cues) {
    const text = cue.text.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    if (current) {
      const lasted = cue.start - current.start;
      const { sentence, longest, pause, short } = TRANSCRIPT_PARAGRAPH;
      const ends =
        lasted >= longest ||
        (lasted >= sentence && SENTENCE_END.test(current.text)) ||
        (lasted >= short && cue.start - current.end >= pause);
      if (!ends) {
        current.text = joinCueTexts(current.text, text);
        current.end = Math.max(current.end, cue.end);
        continue;
      }
    }
    current = { start: cue.start, end: cue.end, text };
    paragraphs.push(current);
  }
  return paragraphs;
}

/** The paragraph playing at `seconds`: from its start to the next one's (the last one's, to its end); -1 for none. */
export function paragraphAt(paragraphs: readonly TranscriptParagraph[], seconds: number | null): number {
  if (seconds === null || paragraphs.length === 0 || seconds < paragraphs[0].start) return -1;
  let low = 0;
  let high = paragraphs.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (paragraphs[middle].start <= seconds) low = middle;
    else high = middle - 1;
  }
  return low === paragraphs.length - 1 && seconds > paragraphs[low].end ? -1 : low;
}
