import type { Catalogue } from './en';

const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  y: 'ý',
  c: 'ç',
  n: 'ñ',
  A: 'Å',
  E: 'É',
  I: 'Î',
  O: 'Ö',
  U: 'Ü',
  Y: 'Ý',
  C: 'Ç',
  N: 'Ñ',
};

/**
 * The pseudo-locale `en-XA`: each text accented, a third longer and bracketed (`[Ŵéļçöɱé ~~~]`), placeholders
 * and ICU syntax left as they are, so a text that overflows, is clipped or is left untranslated stands out.
 */
export function pseudoText(text: string): string {
  let depth = 0;
  let out = '';
  for (const char of text) {
    if (char === '{') depth += 1;
    if (char === '}') depth -= 1;
    out += depth === 0 && char !== '}' ? (ACCENTED[char] ?? char) : char;
  }
  // A third longer, in words of at most 8 characters, as a long language's would be.
  const padding = ('~'.repeat(7) + ' ')
    .repeat(Math.ceil(text.length / 3 / 8))
    .slice(0, Math.max(2, Math.ceil(text.length / 3)));
  return `[${out} ${padding.trim()}]`;
}

export function pseudoLocalize(catalogue: Catalogue): Catalogue {
  return Object.fromEntries(Object.entries(catalogue).map(([k, v]) => [k, pseudoText(v)])) as Catalogue;
}
