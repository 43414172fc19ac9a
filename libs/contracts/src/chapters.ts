/**
 * Chapters from a video's description, by YouTube's rules
 * (https://support.google.com/youtube/answer/9884579): the first stamp is 0:00, there are at least 3 stamps in
 * ascending order, and every chapter lasts at least 10 seconds. A stamp is `m:ss`, `mm:ss` or `h:mm:ss` at the
 * start of a line (or at its end), the rest of the line is the chapter's title. If any rule fails, the video has
 * no chapters, as on YouTube. Free of zod: the watch page imports it alone (`@app/contracts/chapters`).
 */

export interface Chapter {
  title: string;
  /** Seconds from the start of the video. */
  start: number;
  /** Where the next chapter starts; for the last one the video's duration, or null when it is not known. */
  end: number | null;
}

export const MIN_CHAPTERS = 3;
export const MIN_CHAPTER_SECONDS = 10;

const STAMP = String.raw`(?:(\d{1,2}):([0-5]\d)|([0-5]?\d)):([0-5]\d)`;
/** A stamp first ("0:00 Intro", "(1:30) - Setup", "• 2:00 Build"), or last ("Intro 0:00"). */
const LEADING = new RegExp(String.raw`^[\s(\[•*-]*${STAMP}[)\]]?(?:[\s:.|–—-]+(.*))?$`);
const TRAILING = new RegExp(String.raw`^(.*?)[\s:.|–—(\[-]+${STAMP}[)\]]?\s*$`);

function seconds(
  hours: string | undefined,
  minutesWithHours: string | undefined,
  minutes: string | undefined,
  secs: string,
): number {
  if (hours !== undefined) return Number(hours) * 3600 + Number(minutesWithHours) * 60 + Number(secs);
  return Number(minutes) * 60 + Number(secs);
}

function stampOfLine(line: string): { start: number; title: string } | null {
  const text = line.trim();
  const lead = LEADING.exec(text);
  if (lead) return { start: seconds(lead[1], lead[2], lead[3], lead[4]), title: (lead[5] ?? '').trim() };
  const trail = TRAILING.exec(text);
  if (trail && trail[1].trim())
    return { start: seconds(trail[2], trail[3], trail[4], trail[5]), title: trail[1].trim() };
  return null;
}

/** `0:00`, `4:05`, `1:02:03`: how YouTube writes a time. */
export function formatTimestamp(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * The chapters of a description, or an empty list when it has none by YouTube's rules. `durationSeconds` (0 or
 * less when not known) ends the last chapter, which must then also last 10 seconds.
 */
export function parseChapters(description: string | null | undefined, durationSeconds = 0): Chapter[] {
  if (!description) return [];
  const stamps = description
    .split(/\r?\n/)
    .map(stampOfLine)
    .filter((stamp): stamp is { start: number; title: string } => stamp !== null);
  if (stamps.length < MIN_CHAPTERS || stamps[0].start !== 0) return [];
  const known = durationSeconds > 0 ? durationSeconds : null;
  const chapters: Chapter[] = stamps.map((stamp, i) => ({
    title: stamp.title || `Chapter ${i + 1}`,
    start: stamp.start,
    end: i + 1 < stamps.length ? stamps[i + 1].start : known,
  }));
  const tooShort = chapters.some(
    (chapter) => chapter.end !== null && chapter.end - chapter.start < MIN_CHAPTER_SECONDS,
  );
  return tooShort ? [] : chapters;
}

/**
 * The start time of a watch page's `?t=` (the Clip URLs and YouTube's own links): `90`, `90s`, `1m30s`,
 * `1h2m3s`. Null for anything else, or for 0.
 */
export function parseStartTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value.trim());
  if (!match || (match[1] ?? match[2] ?? match[3]) === undefined) return null;
  const total = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return total > 0 && Number.isSafeInteger(total) ? total : null;
}
