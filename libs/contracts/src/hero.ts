/**
 * The hero's A/B headline test, zod-free so the public page imports it alone (`@app/contracts/hero`):
 * the two variants, and the 50/50 draw of each page load. index.html's inline script draws the same way before the
 * first paint (it cannot import this; apps/web/src/app/static-defaults.spec.ts keeps the two equal); the
 * analytics count impressions and clicks per variant.
 */
export const heroVariants = ['A', 'B'] as const;
export type HeroVariant = (typeof heroVariants)[number];

/** A or B, 50/50. */
export function drawHeroVariant(random: () => number = Math.random): HeroVariant {
  return random() < 0.5 ? 'A' : 'B';
}
