import type { Page } from '@playwright/test';

/**
 * Resolves once the page has had no request in flight for `quietMs` (the load state `networkidle` is reached once
 * per navigation, so it no longer waits for what a scroll or a click asks for later).
 */
export async function networkQuiet(page: Page, quietMs = 500): Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  const started = () => {
    inFlight++;
    last = Date.now();
  };
  const ended = () => {
    inFlight--;
    last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    while (inFlight > 0 || Date.now() - last < quietMs) await page.waitForTimeout(50);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/**
 * Scrolls through the whole page half a screen at a time, without a click, a key or the pointer (nothing that
 * starts the page's app), so every lazy image is asked for; then back to the top, and until the network is quiet.
 * At each step it waits (up to 3 s) until every image on the screen has been asked for: the browser decides to
 * load a lazy image a little after it comes into view, and a busy machine may decide after the page scrolled on.
 */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const unasked = () =>
      [...document.images].some((image) => {
        const box = image.getBoundingClientRect();
        const source = image.getAttribute('src') || image.getAttribute('srcset');
        return source && !image.currentSrc && box.bottom > 0 && box.top < window.innerHeight;
      });
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await frame();
      for (const end = Date.now() + 3000; unasked() && Date.now() < end;) await frame();
    }
  });
  await networkQuiet(page);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await networkQuiet(page);
}
