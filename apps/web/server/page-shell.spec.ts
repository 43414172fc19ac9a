import {
  expectTag,
  fillHead,
  fillShell,
  scriptsAfterFirstScreen,
  withColorScheme,
  withSiteLanguage,
} from './page-shell';
import { INDEX_HTML, PAGE_HEAD } from './test/fake-stack';

describe('the built index.html requests its scripts after the first screen', () => {
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

describe('a rendered page holds its first paint until its first screen is parsed', () => {
  const shell =
    '<html lang="en"><head><style>.x{}</style></head><body><div id="root"><!--ssr-outlet--><p>shell</p><!--/ssr-outlet--></div></body></html>';
  const body = {
    status: 200 as const,
    html: '<section id="home"></section><section id="videos"></section>',
    state: '<script id="ssr-state"></script>',
  };

  it('puts the rendering in, with the hold at the end of its head naming the element after the first screen', () => {
    expect(fillShell(shell, { ...body, firstScreenEnd: 'videos' })).toBe(
      '<html lang="en"><head><style>.x{}</style><link rel="expect" href="#videos" blocking="render"></head>' +
        '<body><div id="root"><section id="home"></section><section id="videos"></section></div>' +
        '<script id="ssr-state"></script></body></html>',
    );
  });

  it('holds nothing on a page that names no element', () => {
    expect(fillShell(shell, body)).not.toContain('rel="expect"');
  });

  it('refuses anything but an element id', () => {
    expect(() => expectTag('videos"><script>')).toThrow(/not an element id/);
    expect(expectTag('videos-title')).toBe('<link rel="expect" href="#videos-title" blocking="render">');
  });
});

describe('a rendered page carries the owner’s colour scheme for its first paint', () => {
  const shell =
    '<!doctype html><html lang="en" data-mantine-color-scheme="dark"><head></head>' +
    '<body><div id="root"><!--ssr-outlet--><!--/ssr-outlet--></div></body></html>';
  const body = { status: 200 as const, html: '<main></main>', state: '' };
  const htmlTag = (html: string) => /<html\b[^>]*>/.exec(html)?.[0];

  it.each(['light', 'dark', 'auto'] as const)(
    '%s: on <html>, for the CSS and for the inline script',
    (scheme) => {
      expect(htmlTag(fillShell(shell, { ...body, lang: 'de', colorScheme: scheme }))).toBe(
        `<html lang="de" data-mantine-color-scheme="${scheme}" data-color-scheme="${scheme}">`,
      );
    },
  );

  it('keeps index.html’s scheme when the rendering names none', () => {
    expect(htmlTag(fillShell(shell, body))).toBe('<html lang="en" data-mantine-color-scheme="dark">');
  });

  it('refuses anything but a colour scheme', () => {
    expect(() => withColorScheme(shell, 'x"><script>' as never)).toThrow(/not a colour scheme/);
  });
});

describe('fillHead', () => {
  it('keeps the default head when the API does not answer, and fills only the first head', () => {
    expect(fillHead(INDEX_HTML, undefined)).toBe(INDEX_HTML);
    const filled = fillHead(`${INDEX_HTML}${PAGE_HEAD}`, '<title>$& $1</title>');
    expect(filled).toContain('<!--page-head--><title>$& $1</title><!--/page-head--><script>');
    expect(filled.match(/Default/g)).toHaveLength(1);
    expect(fillHead('<p>plain</p>', '<title>x</title>')).toBe('<p>plain</p>');
  });

  it('keeps the one title of a shell that names its page before the head (the login screen)', () => {
    const shell = `<head><title>Admin login</title>${PAGE_HEAD}</head>`;
    const filled = fillHead(shell, '<title>Site</title>\n<meta name="description" content="d" />');
    expect(filled.match(/<title>/g)).toEqual(['<title>']);
    expect(filled).toContain(
      '<title>Admin login</title><!--page-head--><meta name="description" content="d" />',
    );
  });
});

describe('withSiteLanguage', () => {
  it('puts the site’s language on <html> (lang and data-site-language), keeping its other attributes', () => {
    const shell = '<!doctype html><html lang="en" data-mantine-color-scheme="dark"><head></head></html>';
    expect(withSiteLanguage(shell, 'pt-BR')).toBe(
      '<!doctype html><html lang="pt-BR" data-site-language="pt-BR" data-mantine-color-scheme="dark"><head></head></html>',
    );
    expect(withSiteLanguage('<html><body></body></html>', 'ja')).toBe(
      '<html lang="ja" data-site-language="ja"><body></body></html>',
    );
  });

  it('leaves the shell alone without a language, or with one that is not a language tag', () => {
    const shell = '<html lang="en"><body></body></html>';
    expect(withSiteLanguage(shell, undefined)).toBe(shell);
    expect(withSiteLanguage(shell, '"><script>')).toBe(shell);
    expect(withSiteLanguage(shell, 42)).toBe(shell);
  });
});
