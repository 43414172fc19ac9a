/**
 * The one way text is shortened (issue 27): by grapheme (`Intl.Segmenter`), so a cut never splits an emoji, a
 * flag, a combining accent or a surrogate pair. `max` counts UTF-16 units (JavaScript's `length`), which is never
 * less than the characters a database column or a search engine counts, so the result always fits both.
 */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * `text` when it fits in `max` units; otherwise its longest prefix of whole graphemes that fits with `ellipsis`
 * (trailing spaces dropped) and then the ellipsis (`''` for a plain cut, e.g. to a column's length).
 */
export function truncateText(text: string, max: number, ellipsis = '…'): string {
  if (text.length <= max) return text;
  const room = max - ellipsis.length;
  let end = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    if (index + segment.length > room) break;
    end = index + segment.length;
  }
  return `${ellipsis ? text.slice(0, end).trimEnd() : text.slice(0, end)}${ellipsis}`;
}
