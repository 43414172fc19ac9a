const ISO_DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/**
 * Seconds of an ISO 8601 duration as YouTube writes them (`PT4M5S`, `PT1H2M3S`, `P1DT2H`, `P0D` for live and
 * upcoming streams). Returns null for anything else.
 */
export function parseIsoDuration(text: string): number | null {
  const match = ISO_DURATION.exec(text);
  if (!match || text === 'P' || text.endsWith('T')) return null;
  const [weeks, days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  return Math.floor(weeks * 604_800 + days * 86_400 + hours * 3600 + minutes * 60 + seconds);
}

/** Display text of a duration: `0:05`, `4:05`, `1:02:03` (hours are not folded into days). */
export function formatDuration(totalSeconds: number): string {
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
