import type { Page } from '@playwright/test';

/**
 * Scrolls through the whole page half a screen at a time, without a click, a key or the pointer (nothing that
 * starts the page's app), so every lazy image is asked for; then back to the top, and until the network is idle.
 */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await page.waitForLoadState('networkidle');
}
