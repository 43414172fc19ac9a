/**
 * The range of counts a compact value such as `48K` or `2.4M` stands for (rounded to
 * whole thousands or to one decimal of millions), or null when the text is not in that format.
 * Lets a spec check the page against the API's numbers without copying the app's formatter.
 */
export function compactCountRange(text: string): [min: number, max: number] | null {
  const millions = /^(\d+)\.(\d)M$/.exec(text);
  if (millions) {
    const mid = Number(millions[1]) * 1_000_000 + Number(millions[2]) * 100_000;
    return [Math.max(1_000_000, mid - 50_000), mid + 50_000];
  }
  const thousands = /^(\d{1,4})K$/.exec(text);
  if (thousands) {
    const mid = Number(thousands[1]) * 1_000;
    return [Math.max(1_000, mid - 500), Math.min(1_000_000, mid + 500)];
  }
  if (/^\d{1,3}$/.test(text)) return [Number(text), Number(text) + 1];
  return null;
}
