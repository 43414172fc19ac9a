import { readFileSync } from 'node:fs';
import { FONT_FALLBACKS_CSS, fontFallbacksCss } from './font-fallbacks';

describe('the metric-matched fallback faces (apps/web/src/app/font-fallbacks.css)', () => {
  it('are what tools/font-fallbacks.ts writes from the Capsize metrics', () => {
    expect(readFileSync(FONT_FALLBACKS_CSS, 'utf8')).toBe(fontFallbacksCss());
  });

  it('scale Arial to Inter as Capsize computes it (the default font)', () => {
    const inter = /@font-face {\n {2}font-family: 'Inter Fallback: Arial';([^}]*)}/.exec(
      fontFallbacksCss(),
    )?.[1];
    expect(inter).toContain("local('Liberation Sans')");
    expect(inter).toContain('size-adjust: 107.1194%;');
    expect(inter).toContain('ascent-override: 90.4365%;');
  });
});
