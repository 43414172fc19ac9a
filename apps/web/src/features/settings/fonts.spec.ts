import { bodyFonts, headingFonts, monoFonts } from '@app/contracts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FONT_WEIGHTS } from './fonts';

/** The faces app/fonts.css declares: family, weight, display and the file. */
const css = readFileSync(join(__dirname, '../../app/fonts.css'), 'utf8');
const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
  family: /font-family:\s*'([^']+)'/.exec(body)?.[1],
  weight: Number(/font-weight:\s*(\d+)/.exec(body)?.[1]),
  display: /font-display:\s*(\w+)/.exec(body)?.[1],
  file: /url\('(@fontsource\/[^']+)'\)/.exec(body)?.[1],
}));
const repoRoot = join(__dirname, '../../../../..');

describe('the fonts every page can use (app/fonts.css)', () => {
  it('declares each family the owner can choose, in the weights its role draws (a heavier face stands in for 600)', () => {
    const has = (family: string, weight: number) =>
      faces.some((f) => f.family === family && (f.weight === weight || (weight === 600 && f.weight >= 500)));
    const missing = [
      ...headingFonts.flatMap((family) => FONT_WEIGHTS.heading.map((w) => [family, w] as const)),
      ...bodyFonts.flatMap((family) => FONT_WEIGHTS.body.map((w) => [family, w] as const)),
      ...monoFonts.flatMap((family) => FONT_WEIGHTS.mono.map((w) => [family, w] as const)),
    ].filter(([family, weight]) => !has(family, weight));
    expect(missing).toEqual([]);
  });

  it('never moves text (font-display: optional) and points at font files that exist', () => {
    expect(faces.length).toBeGreaterThan(20);
    expect(faces.filter((f) => f.display !== 'optional')).toEqual([]);
    expect(faces.filter((f) => !f.file || !existsSync(join(repoRoot, 'node_modules', f.file)))).toEqual([]);
  });
});
