import { scriptsAfterFirstScreen } from './page-shell';

describe('the built index.html requests its scripts after the first screen (issue 23)', () => {
  const built =
    '<head><script>inline()</script>' +
    '<script type="module" crossorigin src="/assets/index-A1.js"></script>\n' +
    '<link rel="modulepreload" crossorigin href="/assets/api-paths-B2.js">\n' +
    '<style>.x{}</style></head><body></body>';

  it('turns the entry and its modulepreloads into meta tags the inline script reads', () => {
    const html = scriptsAfterFirstScreen(built);
    expect(html).toBe(
      '<head><script>inline()</script>' +
        '<meta name="app-entry" content="/assets/index-A1.js"><meta name="app-preload" content="/assets/api-paths-B2.js">\n' +
        '\n<style>.x{}</style></head><body></body>',
    );
    expect(html).not.toMatch(/<script type="module"|modulepreload/);
  });

  it('refuses a build without its entry script', () => {
    expect(() => scriptsAfterFirstScreen('<head></head>')).toThrow(/no entry/);
  });
});
