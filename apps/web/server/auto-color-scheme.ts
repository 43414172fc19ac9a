/**
 * The `auto` colour scheme without script. Mantine, and the site's own sheets after it, draw each scheme with rules
 * on `<html data-mantine-color-scheme="light|dark">` (its light and dark variables, and component rules under
 * `:where([data-mantine-color-scheme='dark'])`). A page of a site set to `auto` goes out with the attribute `auto`
 * (page-shell.ts, withColorScheme), and this adds, for each such rule of its sheets, the same rule for `auto` inside
 * `@media (prefers-color-scheme: light|dark)`: the browser picks the visitor's scheme from the first paint.
 *
 * With script on, index.html's inline script turns `auto` into the visitor's scheme before that paint, as the app
 * does when it starts, so the copies then match nothing and the page never repaints. The server's own sheets (the
 * critical cuts) get the copies right after each rule, in the same cascade order; Mantine's `<style
 * data-mantine-styles>` blocks are React's to hydrate, so theirs go into one `<style data-auto-color-scheme>` at the
 * end of the head, which is still before those blocks (they are in `#root`). Only the rules the page already
 * carries are copied: about 6 KB of text, mostly Mantine's two variable blocks, which brotli sends for a few
 * hundred bytes.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import postcss, { type Rule } from 'postcss';

const SCHEMES = ['light', 'dark'] as const;
const STYLE = /<style\b([^>]*)>([\s\S]*?)<\/style>/g;
const AUTO_PAGE = /<html\b[^>]*\sdata-mantine-color-scheme="auto"/;
const REACTS = /\sdata-mantine-styles\b/;
const schemeSelector = (scheme: string) =>
  new RegExp(`\\[data-mantine-color-scheme=(["']?)${scheme}\\1\\]`, 'g');

/** The rule's `scheme` selectors for `auto`, or none when it has none (or names both schemes at once). */
function autoSelectors(rule: Rule, scheme: (typeof SCHEMES)[number]): string[] {
  const other = SCHEMES.find((name) => name !== scheme)!;
  return rule.selectors
    .filter((selector) => schemeSelector(scheme).test(selector) && !schemeSelector(other).test(selector))
    .map((selector) => selector.replace(schemeSelector(scheme), '[data-mantine-color-scheme=auto]'));
}

/** Each scheme rule's copy for `auto` inside its `@media`, made by `place` (after the rule, or elsewhere). */
function eachCopy(css: string, place: (rule: Rule, copy: postcss.AtRule) => void): postcss.Root {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    for (const scheme of SCHEMES) {
      const selectors = autoSelectors(rule, scheme);
      if (selectors.length === 0) continue;
      const media = postcss.atRule({
        name: 'media',
        params: `(prefers-color-scheme:${scheme})`,
        raws: { afterName: ' ', between: '', after: '' },
      });
      media.append(rule.clone({ selectors }));
      place(rule, media);
    }
  });
  return root;
}

/** `css` with each scheme rule followed by its copy for `auto`. */
export function withAutoCopies(css: string): string {
  const root = eachCopy(css, (rule, copy) => rule.after(copy));
  return root.toString();
}

/** Only the copies of `css`'s scheme rules, in its order (media queries around a rule kept). */
export function autoCopiesOf(css: string): string {
  const copies: string[] = [];
  eachCopy(css, (rule, copy) => {
    let outer: postcss.Node = copy;
    for (let parent = rule.parent; parent?.type === 'atrule'; parent = parent.parent) {
      const wrapper = (parent as postcss.AtRule).clone({ nodes: [] });
      wrapper.append(outer);
      outer = wrapper;
    }
    copies.push(outer.toString());
  });
  return copies.join('');
}

export interface AutoColorScheme {
  /** `html` with the copies when its `<html>` is `auto`, or as it is. */
  (html: string): string;
}

/** The rewriter with its memory: a page's sheets are the same for every rendering of a kind of page. */
export function createAutoColorScheme(): AutoColorScheme {
  const done = new LRUCache<string, string>({ max: 64 });
  const memo = (kind: string, css: string, make: (css: string) => string) => {
    const key = `${kind} ${createHash('sha1').update(css).digest('base64url')}`;
    let out = done.get(key);
    if (out === undefined) {
      out = make(css);
      done.set(key, out);
    }
    return out;
  };
  return (html) => {
    if (!AUTO_PAGE.test(html)) return html;
    let reacts = '';
    const own = html.replace(STYLE, (whole, attributes: string, css: string) => {
      if (!REACTS.test(attributes)) return `<style${attributes}>${memo('own', css, withAutoCopies)}</style>`;
      reacts += memo('copies', css, autoCopiesOf);
      return whole;
    });
    return reacts
      ? own.replace('</head>', () => `<style data-auto-color-scheme>${reacts}</style></head>`)
      : own;
  };
}
