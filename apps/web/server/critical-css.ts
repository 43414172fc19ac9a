/**
 * A rendered page's stylesheets cut to the rules its first screen uses (issue 23). `/` and the watch pages carry
 * their app's stylesheets in their head (page-assets.ts), about 17 KB of brotli, Mantine's whole component and
 * variable sheet included. Past the first 14.6 KB a page waits a round trip more (TCP's initial window), and a
 * phone on a slow network painted 1.35× later than a minimal page of the same server.
 *
 * Each `<style data-chunk-css>` (and the entry's `data-entry-css`) keeps the rules whose selectors the page's
 * markup can match (PurgeCSS, on the page's words) and the custom properties those rules, the page's inline
 * styles and Mantine's own blocks use; it is marked `data-critical`. The whole sheet is the disabled `<link>` right
 * after it: the app enables it and waits for it before it renders anything (src/lib/full-stylesheets.ts), so a
 * component the first screen does not show (a menu, a dialog) is styled as before.
 *
 * The rules behind attributes that index.html's inline script, the boot script or the browser set after the
 * server (the colour scheme, the hero's variant, an open `<details>`) stay: their words count as on every page.
 * Mantine's `<style data-mantine-styles>` blocks are React's to hydrate and stay whole.
 *
 * A page's cut depends only on which of the sheets' selector words and custom properties it holds, so pages made
 * of the same components share one (kept in memory): PurgeCSS runs once per kind of page, not per video.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import postcss from 'postcss';
import { PurgeCSS } from 'purgecss';

/**
 * Words of the attributes set on the page after the server rendered it: by index.html's inline script (`<html>`'s
 * `data-mantine-color-scheme`, `data-hero`, `data-route`, `data-fonts`, `data-consent`, `data-webfonts`,
 * `data-boot`), by the boot script (`data-app`, `data-app-ready`) and by the browser (`open`). critical-css.spec.ts
 * checks the inline script against this list.
 */
export const CLIENT_SET_WORDS = [
  'data-mantine-color-scheme',
  'light',
  'dark',
  'data-hero',
  'A',
  'B',
  'data-route',
  'app',
  'data-fonts',
  'custom',
  'data-consent',
  'granted',
  'denied',
  'data-webfonts',
  'on',
  'data-boot',
  'requested',
  'running',
  'data-app',
  'starting',
  'data-app-ready',
  'true',
  'open',
];

/** PurgeCSS's own idea of a word (its default extractor). */
const WORD = /[A-Za-z0-9_-]+/g;
/** The sheets cut here; Mantine's blocks (`data-mantine-styles`) are read, never cut. */
const STYLE = /<style\b([^>]*)>([\s\S]*?)<\/style>/g;
const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/g;
const TAG = /<[a-zA-Z][^>]*>/g;
const CUT_ATTRIBUTE = /\sdata-(?:chunk|entry)-css="/;
const CRITICAL_ATTRIBUTE = 'data-critical';
const MARKER = (index: number) => `/*!critical-css:${index}*/`;
const MARKERS = /\/\*!critical-css:\d+\*\//;
/** A rule made of the custom properties the markup's inline styles use, so PurgeCSS keeps their definitions. */
const INLINE_USES = 'critical-css-inline-uses';

/** The selector words and custom property names of a set of sheets: the only words of a page that matter. */
function sheetWords(css: string): Set<string> {
  const words = new Set<string>();
  postcss.parse(css).walk((node) => {
    if (node.type === 'rule') for (const word of node.selector.match(WORD) ?? []) words.add(word);
    else if (node.type === 'decl' && node.prop.startsWith('--')) words.add(node.prop);
  });
  return words;
}

async function cut(css: string, words: string[]): Promise<string[]> {
  const inlineUses = words.filter((word) => word.startsWith('--'));
  const rule = `.${INLINE_USES}{${inlineUses.map((name) => `color:var(${name});`).join('')}}`;
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: [...words, ...CLIENT_SET_WORDS, INLINE_USES].join(' '), extension: 'html' }],
    css: [{ raw: `${css}${rule}` }],
    variables: true,
    keyframes: true,
  });
  const end = result.css.lastIndexOf(`.${INLINE_USES}`);
  return (end < 0 ? result.css : result.css.slice(0, end)).split(MARKERS).slice(1);
}

const FONT_FACE = /@font-face\s*\{[^}]*\}/g;
const FONT_FAMILY = /font-family\s*:\s*([^;}]+)/;

/** A family's name as the rules that use it write it: `Inter Fallback\: Arial` is "Inter Fallback: Arial". */
const familyName = (value: string) =>
  value
    .trim()
    .replace(/^(["'])(.*)\1$/, '$2')
    .replace(/\\(.)/g, '$1');

/**
 * Without the `@font-face` rules of families nothing on the page names (PurgeCSS knows only `font-family`
 * declarations; the site's fonts come through custom properties: `--app-font-body-web: "Inter", …`). The site
 * offers a dozen fonts, each with its metric-matched fallbacks, and uses two or three.
 */
function unusedFontFacesOut(html: string): string {
  const elsewhere = html.replace(FONT_FACE, '');
  return html.replace(STYLE, (whole, attributes: string, css: string) =>
    attributes.includes(CRITICAL_ATTRIBUTE)
      ? `<style${attributes}>${css.replace(FONT_FACE, (rule) => {
          const family = FONT_FAMILY.exec(rule)?.[1];
          return family === undefined || elsewhere.includes(familyName(family)) ? rule : '';
        })}</style>`
      : whole,
  );
}

export interface CriticalCss {
  /** `html` with its chunk stylesheets cut to what its markup uses, or as it is when it has none. */
  (html: string): Promise<string>;
}

/** A cutter with its memory: the words of each set of sheets, and the cut for each page's words. */
export function createCriticalCss(): CriticalCss {
  const sheets = new LRUCache<string, Set<string>>({ max: 16 });
  const cuts = new LRUCache<string, Promise<string[]>>({ max: 64 });
  return async (html) => {
    const styles = [...html.matchAll(STYLE)];
    if (!styles.some(([, attributes]) => CUT_ATTRIBUTE.test(attributes))) return html;
    const css = styles.map(([, , text], index) => `${MARKER(index)}${text}`).join('\n');
    const sheetsKey = createHash('sha1').update(css).digest('base64url');
    let known = sheets.get(sheetsKey);
    if (!known) {
      known = sheetWords(css);
      sheets.set(sheetsKey, known);
    }
    // The words of the page's tags (names, attributes, inline styles; not its text, scripts or styles) that a
    // selector or a custom property of the sheets holds.
    const tags = html.replace(STYLE, '').replace(SCRIPT, '').match(TAG) ?? [];
    const words = [...new Set(tags.join(' ').match(WORD))].filter((word) => known.has(word)).sort();
    const key = `${sheetsKey} ${createHash('sha1').update(words.join(' ')).digest('base64url')}`;
    let parts = cuts.get(key);
    if (!parts) {
      parts = cut(css, words);
      cuts.set(key, parts);
      parts.catch(() => cuts.delete(key));
    }
    const kept = await parts;
    let index = 0;
    return unusedFontFacesOut(
      html.replace(STYLE, (whole, attributes: string) => {
        const part = kept[index++];
        if (!CUT_ATTRIBUTE.test(attributes) || part === undefined) return whole;
        return `<style${attributes} ${CRITICAL_ATTRIBUTE}>${part.trim()}</style>`;
      }),
    );
  };
}
