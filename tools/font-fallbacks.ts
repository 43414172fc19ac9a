/**
 * Writes `apps/web/src/app/font-fallbacks.css`: for each family the owner can choose, local faces (Arial, Roboto;
 * Courier New for the monospace ones) scaled by Capsize to the family's metrics (`size-adjust`, `ascent-override`,
 * …), so text drawn in the fallback takes the room the web font will take (issue 23). A first visit paints in
 * these and takes the web fonts after the page has loaded (src/boot.ts), without moving text.
 *
 *   npx tsx tools/font-fallbacks.ts [--write]    (without --write: prints the stylesheet)
 *
 * tools/font-fallbacks.spec.ts checks that the committed file is what this writes.
 */
import { createFontStack, type FontMetrics } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import courierNew from '@capsizecss/metrics/courierNew';
import firaCode from '@capsizecss/metrics/firaCode';
import inter from '@capsizecss/metrics/inter';
import jetBrainsMono from '@capsizecss/metrics/jetBrainsMono';
import lato from '@capsizecss/metrics/lato';
import montserrat from '@capsizecss/metrics/montserrat';
import openSans from '@capsizecss/metrics/openSans';
import poppins from '@capsizecss/metrics/poppins';
import roboto from '@capsizecss/metrics/roboto';
import robotoMono from '@capsizecss/metrics/robotoMono';
import sourceCodePro from '@capsizecss/metrics/sourceCodePro';
import sourceSans3 from '@capsizecss/metrics/sourceSans3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bodyFonts, headingFonts, monoFonts } from '@app/contracts';
import { parseOptions } from './lib/args';
import { repoRoot } from './lib/paths';

export const FONT_FALLBACKS_CSS = join(repoRoot, 'apps/web/src/app/font-fallbacks.css');

type Family = (typeof headingFonts)[number] | (typeof bodyFonts)[number] | (typeof monoFonts)[number];

/** Capsize's metrics of each family (Source Sans Pro by its successor, Source Sans 3, of the same design). */
const FAMILY_METRICS: Record<Family, FontMetrics> = {
  Inter: inter,
  Roboto: roboto,
  'Open Sans': openSans,
  Poppins: poppins,
  Montserrat: montserrat,
  'Source Sans Pro': sourceSans3,
  Lato: lato,
  'JetBrains Mono': jetBrainsMono,
  'Fira Code': firaCode,
  'Source Code Pro': sourceCodePro,
  'Roboto Mono': robotoMono,
};

/**
 * The local fonts each fallback stands on, with the metric-compatible ones Linux ships (Liberation, Croscore), so
 * the scaling holds there too; Android has Roboto.
 */
const LOCAL_FONTS = {
  Arial: { metrics: arial, names: ['Arial', 'ArialMT', 'Liberation Sans', 'Arimo'] },
  Roboto: { metrics: roboto, names: ['Roboto', 'Roboto Regular', 'Roboto-Regular'] },
  'Courier New': {
    metrics: courierNew,
    names: ['Courier New', 'CourierNewPSMT', 'Liberation Mono', 'Cousine'],
  },
};

/**
 * The local fonts behind each kind of family, in the order of its stack. apps/web/src/features/settings/fonts.ts
 * names the same faces (`<family> Fallback: <local font>`); its spec checks that this file declares them.
 */
const FALLBACK_FACES = { sans: ['Arial', 'Roboto'], mono: ['Courier New'] } as const;

const cssName = (property: string) => property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The stylesheet: one `@font-face` per family and local font, in the order of the contracts' lists. */
export function fontFallbacksCss(): string {
  const families = [...new Set<Family>([...headingFonts, ...bodyFonts, ...monoFonts])];
  const faces = families.flatMap((family) => {
    const mono = (monoFonts as readonly string[]).includes(family);
    return FALLBACK_FACES[mono ? 'mono' : 'sans'].map((local) => {
      const { metrics, names } = LOCAL_FONTS[local];
      const {
        fontFaces: [{ '@font-face': face }],
      } = createFontStack([FAMILY_METRICS[family], metrics], {
        fontFaceFormat: 'styleObject',
      });
      const properties = Object.entries(face)
        .filter(([property]) => property !== 'fontFamily' && property !== 'src')
        .map(([property, value]) => `  ${cssName(property)}: ${String(value)};`);
      return [
        '@font-face {',
        `  font-family: '${family} Fallback: ${local}';`,
        `  src: ${names.map((name) => `local('${name}')`).join(', ')};`,
        ...properties,
        '}',
      ].join('\n');
    });
  });
  return [
    '/* Written by `npx tsx tools/font-fallbacks.ts --write` (Capsize metrics); do not edit by hand. */',
    ...faces,
    '',
  ].join('\n');
}

if (require.main === module) {
  const options = parseOptions(
    process.argv.slice(2),
    { write: { type: 'boolean', default: false } },
    'Usage: tsx tools/font-fallbacks.ts [--write]',
  );
  if (options.write) {
    writeFileSync(FONT_FALLBACKS_CSS, fontFallbacksCss());
    console.log(`Wrote ${FONT_FALLBACKS_CSS}`);
  } else process.stdout.write(fontFallbacksCss());
}
