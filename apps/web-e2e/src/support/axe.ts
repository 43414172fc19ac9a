import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** What the site is held to: WCAG 2.1 A and AA, and axe's best practices. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface AxeViolation {
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
async function axeViolations(
  page: Page,
  options: { tags?: string[]; include?: string } = {},
): Promise<AxeViolation[]> {
  // Through the debugger protocol, as Playwright evaluates: the page's CSP does not apply.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, include }) => {
      const { axe: scanner } = window as unknown as { axe: typeof axe };
      // The WCAG rules axe calls experimental are off unless asked for: they run too, among them Label in Name
      // (`label-content-name-mismatch`, WCAG 2.5.3) and `p-as-heading` (a bold paragraph before a plain one).
      const wcag = tags.filter((tag) => tag.startsWith('wcag'));
      const experimental = scanner
        .getRules(['experimental'])
        .filter((rule) => rule.tags.some((tag) => wcag.includes(tag)))
        .map((rule) => [rule.ruleId, { enabled: true }]);
      const results = await scanner.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(experimental),
        resultTypes: ['violations'],
        iframes: false,
      });
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    },
    { tags: options.tags ?? WCAG_TAGS, include: options.include },
  );
}

/** The impacts a dashboard or dialog scan fails on. */
export const SERIOUS = ['serious', 'critical'];

export interface AxeReportOptions {
  /** Only these impacts (all by default). */
  impacts?: string[];
  /** Only these tags (WCAG 2.1 A and AA and the best practices by default), experimental WCAG rules included. */
  tags?: string[];
  /** Only this part of the page (a selector). */
  include?: string;
}

/** The violations asked for, one line each: impact, rule and nodes (an empty list when there are none). */
export async function axeReport(
  page: Page,
  { impacts, tags, include }: AxeReportOptions = {},
): Promise<string[]> {
  return (await axeViolations(page, { tags, include }))
    .filter((v) => !impacts || impacts.includes(v.impact ?? ''))
    .map((v) => `${v.impact} ${v.id}: ${v.targets.join(', ')}`);
}
