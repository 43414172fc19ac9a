const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * The text of every `<tag>` element as a reader of the XML gets it, whether written escaped or as CDATA
 * (the `feed` package writes item text as CDATA). A regular expression, not an XML parser: the feeds are flat.
 */
export function xmlTexts(xml: string, tag: string): string[] {
  const decode = (s: string) =>
    s
      .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, cdata: string) =>
        cdata.replace(/[&<>]/g, (c) => ESCAPES[c]),
      )
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  return [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) =>
    decode(m[1]),
  );
}

/** The document without its CDATA sections: what is left is all the markup there is. */
export const withoutCdata = (xml: string) => xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
