import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLIENT_SET_WORDS, createCriticalCss } from './critical-css';

const page = (head: string, body: string) =>
  `<!doctype html><html lang="en" data-mantine-color-scheme="dark"><head>${head}</head><body><div id="root">${body}</div></body></html>`;
const sheet = (file: string, css: string) =>
  `<style data-chunk-css="${file}">${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
const styleOf = (html: string, file: string) =>
  new RegExp(`<style data-chunk-css="${file}"( data-critical)?>([\\s\\S]*?)</style>`).exec(html);

describe('a rendered page’s stylesheets cut to its first screen (critical-css.ts)', () => {
  it('keeps the rules the markup can match, with their media queries and states, and marks the cut sheet', async () => {
    const css =
      '.card{display:grid}.card:hover{color:red}.card .title{font-weight:700}.dialog{position:fixed}' +
      '@media (max-width:40em){.card{display:block}.dialog{inset:0}}button[data-variant=filled]{color:blue}' +
      'button[data-variant=outline]{color:green}';
    const html = page(
      sheet('assets/a.css', css),
      '<article class="card"><h3 class="title">The dialog’s outline</h3><button data-variant="filled">Play</button></article>',
    );
    const out = await createCriticalCss()(html);
    const [, critical, kept] = styleOf(out, 'assets/a.css') ?? [];
    expect(critical).toBe(' data-critical');
    expect(kept).toContain('.card{display:grid}');
    expect(kept).toContain('.card:hover{color:red}');
    expect(kept).toContain('.card .title{font-weight:700}');
    expect(kept).toContain('@media (max-width:40em){.card{display:block}}');
    expect(kept).toContain('button[data-variant=filled]');
    // Words of the text ("dialog", "outline") are no classes or attribute values of the markup.
    expect(kept).not.toContain('.dialog');
    expect(kept).not.toContain('data-variant=outline');
    // The whole sheet stays right after it, disabled, for the app to enable.
    expect(out).toContain('</style><link rel="stylesheet" href="/assets/a.css" disabled>');
  });

  it('keeps the rules behind attributes set after the server rendered the page (colour scheme, hero, fonts, open)', async () => {
    const css =
      ':root[data-mantine-color-scheme=light] .card{background:white}' +
      ':where([data-mantine-color-scheme=dark]) .card{background:black}' +
      ':root[data-hero=B] .headline[data-headline=A]{display:none}' +
      ':root[data-webfonts=on]{--font:var(--font-web)}:root{--font-web:Inter}body{font-family:var(--font)}' +
      'details[open] .menu{display:block}:root[data-consent=granted] .other{color:red}';
    const html = page(
      sheet('assets/a.css', css),
      '<div class="card"><p class="headline" data-headline="A">Hi</p></div><details><summary>Menu</summary><nav class="menu"></nav></details>',
    );
    const [, , kept] = styleOf(await createCriticalCss()(html), 'assets/a.css') ?? [];
    expect(kept).toContain(':root[data-mantine-color-scheme=light] .card');
    expect(kept).toContain(':where([data-mantine-color-scheme=dark]) .card');
    expect(kept).toContain(':root[data-hero=B] .headline[data-headline=A]');
    expect(kept).toContain(':root[data-webfonts=on]{--font:var(--font-web)}');
    expect(kept).toContain('--font-web:Inter');
    expect(kept).toContain('details[open] .menu');
    expect(kept).not.toContain('.other');
  });

  it('keeps the custom properties the kept rules, inline styles and Mantine’s blocks use, drops the rest, and leaves Mantine’s blocks whole', async () => {
    const css =
      ':root{--used:1px;--chained:var(--base);--base:2px;--inline:3px;--theme-uses:4px;--unused:5px;--unused-too:var(--base)}' +
      '.card{margin:var(--used);padding:var(--chained);top:var(--mantine-x)}.gone{margin:var(--unused)}';
    // Mantine's theme block (React's to hydrate) defines a property the kept rules use through its own.
    const mantine =
      '<style data-mantine-styles="true">:root{--mantine-x:var(--theme-uses);--mantine-unused:0}</style>';
    const html = page(
      sheet('assets/a.css', css) + mantine,
      '<div class="card" style="--button-bg:var(--inline)"></div>',
    );
    const out = await createCriticalCss()(html);
    const [, , kept] = styleOf(out, 'assets/a.css') ?? [];
    for (const name of ['--used:', '--chained:', '--base:', '--inline:', '--theme-uses:'])
      expect(kept).toContain(name);
    expect(kept).not.toContain('--unused');
    expect(kept).not.toContain('.gone');
    expect(kept).not.toContain('critical-css-inline-uses');
    expect(out).toContain(mantine);
  });

  it('keeps the @font-face rules of the families the page names, escaped or quoted, and drops the others', async () => {
    const css =
      '@font-face{font-family:Inter;src:url(/assets/inter.woff2)format("woff2")}' +
      '@font-face{font-family:Inter Fallback\\: Arial;src:local(Arial);size-adjust:107%}' +
      '@font-face{font-family:Lato;src:url(/assets/lato.woff2)}' +
      '@font-face{font-family:Lato Fallback\\: Arial;src:local(Arial)}' +
      ':root{--font-body:"Inter", "Inter Fallback: Arial", sans-serif}body{font-family:var(--font-body)}';
    const [, , kept] =
      styleOf(await createCriticalCss()(page(sheet('assets/a.css', css), '<p>Hi</p>')), 'assets/a.css') ?? [];
    expect(kept).toContain('font-family:Inter;');
    expect(kept).toContain('font-family:Inter Fallback\\: Arial;');
    expect(kept).not.toContain('Lato');
  });

  it('cuts each sheet in place, in the page’s order, and gives the same cut to pages made of the same parts', async () => {
    const html = (title: string) =>
      page(
        sheet('assets/a.css', '.a{color:red}.x{color:blue}') +
          sheet('assets/b.css', '.b{color:green}.y{top:0}'),
        `<p class="a" title="${title}">${title}</p><p class="b">x y</p>`,
      );
    const critical = createCriticalCss();
    const first = await critical(html('One video'));
    const second = await critical(html('Another video, with other words'));
    expect(styleOf(first, 'assets/a.css')?.[2]).toBe('.a{color:red}');
    expect(styleOf(first, 'assets/b.css')?.[2]).toBe('.b{color:green}');
    expect(first.indexOf('assets/a.css')).toBeLessThan(first.indexOf('assets/b.css'));
    expect(second.replaceAll('Another video, with other words', 'One video')).toBe(first);
  });

  it('leaves a page without chunk stylesheets (the shell of the dashboard) as it is', async () => {
    const html = page('<style data-mantine-styles="true">:root{--x:1}</style>', '<p>Hi</p>');
    expect(await createCriticalCss()(html)).toBe(html);
  });

  it('knows every attribute index.html’s inline script and the boot script set on the page', () => {
    const sources = ['index.html', 'src/boot.ts', 'src/features/settings/web-fonts.ts']
      .map((file) => readFileSync(join(__dirname, '..', file), 'utf8'))
      .join('\n');
    const kebab = (name: string) => `data-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    const attributes = new Set([
      ...[...sources.matchAll(/\bdataset\.(\w+)\s*=(?!=)/g)].map(([, name]) => kebab(name)),
      ...[...sources.matchAll(/setAttribute\('([\w-]+)'/g)].map(([, name]) => name),
    ]);
    expect([...attributes].sort()).toEqual(
      expect.arrayContaining(['data-boot', 'data-hero', 'data-mantine-color-scheme', 'data-webfonts']),
    );
    for (const attribute of attributes) expect(CLIENT_SET_WORDS).toContain(attribute);
  });
});
