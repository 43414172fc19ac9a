import type { Locator, Page, TestInfo } from '@playwright/test';

/**
 * A screenshot attached to the report for a reviewer to look at (no spec asserts on one), in CSS pixels: at the
 * phone's device scale (2.625) a full page of `/` is a 3.4 MB image that takes 4.5 s to take on two cores, in
 * CSS pixels 0.8 MB and 0.9 s (docs/testing.md). `E2E_SCREENSHOT_SCALE=device` takes them at the device's
 * scale, to look at a phone's rendering closely.
 */
export async function attachScreenshot(
  testInfo: TestInfo,
  name: string,
  target: Page | Locator,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  const scale = process.env.E2E_SCREENSHOT_SCALE === 'device' ? 'device' : 'css';
  const body = await target.screenshot({ scale, ...options });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}
