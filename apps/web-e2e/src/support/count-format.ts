/**
 * The range of counts a compact value such as `48K` or `2.4M` stands for (SPEC §9), or null
 * when the text is not in that format. Lets a spec check the page against the API's numbers
 * without copying the app's formatter.
 */
export function compactCountRange(text: string): [min: number, max: number] | null {
  const millions = /^(\d+)\.(\d)M$/.exec(text);
  if (millions) {
    const min = Number(millions[1]) * 1_000_000 + Number(millions[2]) * 100_000;
    return [min, min + 100_000];
  }
  const thousands = /^(\d{1,3})K$/.exec(text);
  if (thousands) {
    const min = Number(thousands[1]) * 1_000;
    return [min, min + 1_000];
  }
  if (/^\d{1,3}$/.test(text)) return [Number(text), Number(text) + 1];
  return null;
}
