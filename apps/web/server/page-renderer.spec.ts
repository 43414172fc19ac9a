import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPageRenderer, isRenderedPath } from './page-renderer';
import { fillShell } from './page-shell';
import { useRenderStack } from './test/render-stand-in';

describe('page-renderer.ts (server rendering of / and the watch pages)', () => {
  const stack = useRenderStack();

  it('knows its pages and fills the shell', () => {
    expect(['/', '/videos/abc', '/videos/a_b-C/'].map(isRenderedPath)).toEqual([true, true, true]);
    expect(['/admin', '/videos', '/videos/a/b', '/x'].map(isRenderedPath)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    const shell = '<body><div id="root"><!--ssr-outlet--><p>SHELL</p><!--/ssr-outlet--></div></body>';
    expect(fillShell(shell, { status: 200, html: '<p>$& PAGE</p>', state: '<script>S</script>' })).toBe(
      '<body><div id="root"><p>$& PAGE</p></div><script>S</script></body>',
    );
    // The page's language goes on <html>; without one the shell's stays.
    const html = `<html lang="en" data-x="1">${shell}</html>`;
    expect(fillShell(html, { status: 200, html: 'P', state: '', lang: 'pt-BR' })).toMatch(
      /^<html lang="pt-BR" data-x="1">/,
    );
    expect(fillShell(html, { status: 200, html: 'P', state: '' })).toMatch(/^<html lang="en" data-x="1">/);
  });

  it('stack.renders a page once per content stack.version, concurrent views sharing one rendering', async () => {
    const renderer = createPageRenderer(stack.apiUrl, stack.entry)!;
    await renderer.body('/'); // loads the entry
    stack.renders.length = 0;
    stack.version += 1;
    const bodies = await Promise.all(Array.from({ length: 10 }, () => renderer.body('/')));
    expect(bodies.every((b) => b?.html === `<main>RENDERED / v${stack.version}</main>`)).toBe(true);
    expect(stack.renders).toEqual(['/']);
    await renderer.body('/');
    expect(stack.renders).toEqual(['/']);
    // A write anywhere (the stack.version moves): the next view stack.renders anew.
    stack.version += 1;
    expect((await renderer.body('/'))?.html).toBe(`<main>RENDERED / v${stack.version}</main>`);
    expect(stack.renders).toEqual(['/', '/']);
  });

  it('under npm run dev (an entry loaded afresh through Vite) stack.renders every view, keeping nothing', async () => {
    let loads = 0;
    const renderer = createPageRenderer(stack.apiUrl, async () => {
      loads++;
      return {
        render: async (pathname: string) => ({
          status: 200 as const,
          html: `DEV ${pathname} ${loads}`,
          state: '',
        }),
      };
    })!;
    expect((await renderer.body('/'))?.html).toBe('DEV / 1');
    expect((await renderer.body('/'))?.html).toBe('DEV / 2');
  });

  it('gives the last rendering of a page while the API is stack.down, and nothing for a page never rendered', async () => {
    const renderer = createPageRenderer(stack.apiUrl, stack.entry)!;
    const before = await renderer.body('/videos/abc');
    expect(before?.html).toContain('/videos/abc');
    stack.down = true;
    expect(await renderer.body('/videos/abc')).toEqual(before);
    expect(await renderer.body('/videos/other')).toBeUndefined();
  });

  it('answers a 404 rendering for a video the API does not have', async () => {
    const renderer = createPageRenderer(stack.apiUrl, stack.entry)!;
    expect((await renderer.body('/videos/missing'))?.status).toBe(404);
  });

  it('is off without a built entry', () => {
    expect(createPageRenderer(stack.apiUrl, join(tmpdir(), 'no-such-entry.mjs'))).toBeUndefined();
  });
});
