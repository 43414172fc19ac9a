import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** What the site is held to: WCAG 2.1 A and AA, and axe's best practices. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  /** Each failing node's selector (frames joined by a space). */
  targets: string[];
}

/**
 * axe-core's violations in the page as it is now, with axe-core's own API: injected once per document, then
 * `axe.run` on it. The @axe-core/playwright builder injects axe's 550 KB source again for every scan and finishes
 * each scan in a new blank page (a renderer of its own): 2.3–2.8 s a scan of a dashboard subtab, against
 * 0.25–0.35 s for `axe.run` in a page that has axe already (one idle 2-core machine, docs/testing.md). The
 * dashboard's subtabs follow each other in one document (history navigation), so most scans are the quick kind.
 *
 * Frames are not entered (`iframes: false`): the only frame the scanned pages have is YouTube's player, a
 * third party's page; the frame element itself (its title) is checked in the page.
 */
export async function axeViolations(
  page: Page,
  options: { tags?: string[]; include?: string } = {},
): Promise<AxeViolation[]> {
  // Through the debugger protocol, as Playwright evaluates: the page's CSP does not apply.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, include }) => {
      const results = await (window as unknown as { axe: typeof axe }).axe.run(
        include ? { include: [include] } : document,
        {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
          iframes: false,
        },
      );
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    },
    { tags: options.tags ?? WCAG_TAGS, include: options.include },
  );
}

/** The violations of the given impacts (all by default), one line each: impact, rule and nodes. */
export async function axeReport(page: Page, impacts?: string[], include?: string): Promise<string[]> {
  return (await axeViolations(page, { include }))
    .filter((v) => !impacts || impacts.includes(v.impact ?? ''))
    .map((v) => `${v.impact} ${v.id}: ${v.targets.join(', ')}`);
}
