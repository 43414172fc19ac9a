import { readFileSync } from 'node:fs';
import postcss from 'postcss';
import { autoCopiesOf, createAutoColorScheme, withAutoCopies } from './auto-color-scheme';

const page = (scheme: string, head: string, root: string) =>
  `<!doctype html><html lang="en" data-mantine-color-scheme="${scheme}" data-color-scheme="${scheme}"><head>${head}</head>` +
  `<body><div id="root">${root}</div></body></html>`;
const critical = (css: string) => `<style data-chunk-css="assets/a.css" data-critical>${css}</style>`;
const mantine = (css: string) => `<style data-mantine-styles="true">${css}</style>`;

describe('the auto colour scheme without script (auto-color-scheme.ts)', () => {
  const own =
    ":root{--x:0}:root[data-mantine-color-scheme='light']{--x:1}" +
    ':where([data-mantine-color-scheme=dark]) .card{color:white}.card{color:gray}';

  it('follows each scheme rule of the server’s own sheets with its copy for auto, in the visitor’s scheme', () => {
    expect(withAutoCopies(own)).toBe(
      ":root{--x:0}:root[data-mantine-color-scheme='light']{--x:1}" +
        '@media (prefers-color-scheme:light){:root[data-mantine-color-scheme=auto]{--x:1}}' +
        ':where([data-mantine-color-scheme=dark]) .card{color:white}' +
        '@media (prefers-color-scheme:dark){:where([data-mantine-color-scheme=auto]) .card{color:white}}' +
        '.card{color:gray}',
    );
  });

  it('copies only the scheme’s selectors of a list, and keeps a rule’s own media query around its copy', () => {
    const css = "@media (min-width:40em){.a,[data-mantine-color-scheme='dark'] .b{margin:0}}";
    expect(autoCopiesOf(css)).toBe(
      '@media (min-width:40em){@media (prefers-color-scheme:dark){[data-mantine-color-scheme=auto] .b{margin:0}}}',
    );
  });

  it('gives Mantine’s own light and dark variables to auto, by the visitor’s scheme', () => {
    const css = readFileSync(require.resolve('@mantine/core/styles/default-css-variables.css'), 'utf8');
    const bodyOf = (root: postcss.Root, selector: RegExp, media?: string) => {
      let value: string | undefined;
      root.walkRules(selector, (rule) => {
        const parent = rule.parent as postcss.AtRule;
        if (media === undefined || (parent.type === 'atrule' && parent.params === media))
          rule.walkDecls('--mantine-color-body', (decl) => {
            value = decl.value;
          });
      });
      return value;
    };
    const copies = postcss.parse(autoCopiesOf(css));
    for (const scheme of ['light', 'dark']) {
      const own = bodyOf(postcss.parse(css), new RegExp(`^:root\\[data-mantine-color-scheme='${scheme}'\\]`));
      expect(own).toBeDefined();
      expect(bodyOf(copies, /=auto\]/, `(prefers-color-scheme:${scheme})`)).toBe(own);
    }
  });

  it('rewrites an auto page: its own sheets in place, Mantine’s blocks (React’s to hydrate) left whole with their copies at the end of the head', () => {
    const palette = ':root[data-mantine-color-scheme="light"]{--mantine-color-body:#fafafa}';
    const html = page('auto', critical(own), mantine(palette));
    const out = createAutoColorScheme()(html);
    expect(out).toContain(critical(withAutoCopies(own)));
    expect(out).toContain(
      '<style data-auto-color-scheme>@media (prefers-color-scheme:light){:root[data-mantine-color-scheme=auto]{--mantine-color-body:#fafafa}}</style></head>',
    );
    expect(out).toContain(`<div id="root">${mantine(palette)}</div>`);
  });

  it('leaves a page in light or dark as it is', () => {
    for (const scheme of ['light', 'dark']) {
      const html = page(scheme, critical(own), mantine(':root[data-mantine-color-scheme="light"]{--y:1}'));
      expect(createAutoColorScheme()(html)).toBe(html);
    }
  });
});
