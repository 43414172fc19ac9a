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
 */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
  });
  await networkQuiet(page);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await networkQuiet(page);
}
