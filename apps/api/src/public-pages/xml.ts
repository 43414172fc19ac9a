/** Characters XML 1.0 cannot carry, even escaped. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Drops characters XML 1.0 cannot carry: titles and descriptions come from YouTube or a backup. */
export function xmlChars(text: string): string {
  return text.replace(NOT_XML, '');
}

/**
 * Text for an element `feed` writes as CDATA (an item's title and description). Its XML writer (xml-js)
 * splits only the first `]]>` of a CDATA section, so a second one would end it and let the rest through as
 * markup: every later one is split here (the first is left to the writer, which splits it the same way).
 */
export function feedCdata(text: string): string {
  const clean = xmlChars(text);
  const first = clean.indexOf(']]>');
  if (first < 0) return clean;
  const head = clean.slice(0, first + 3);
  return head + clean.slice(first + 3).replaceAll(']]>', ']]]]><![CDATA[>');
}

/**
 * Text for an element `feed` writes as escaped text (the channel's title and description). xml-js turns
 * `&amp;` back into `&` before escaping, which would change a title that really says `&amp;`; escaping `&`
 * first makes it round-trip exactly.
 */
export function feedText(text: string): string {
  return xmlChars(text).replaceAll('&', '&amp;');
}

/** A URL for an attribute `feed` writes: it escapes only `"` and `&` there, so `<` and `>` are percent-encoded. */
export function feedUrl(url: string): string {
  return xmlChars(url).replace(/[<>"]/g, (c) => encodeURIComponent(c));
}
