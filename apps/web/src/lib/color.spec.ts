import { contrast, ensureContrast, isDark, mix, parseHex, toHex } from './color';

describe('colour helpers', () => {
  it('parses and prints hex colours', () => {
    expect(parseHex('#FF0080')).toEqual([255, 0, 128]);
    expect(toHex([255, 0, 128])).toBe('#FF0080');
  });

  it('mixes two colours', () => {
    expect(mix('#FFFFFF', '#000000', 0.5)).toBe('#808080');
    expect(mix('#FF0000', '#0000FF', 1)).toBe('#FF0000');
  });

  it('computes WCAG contrast', () => {
    expect(contrast('#FFFFFF', '#000000')).toBeCloseTo(21);
    expect(contrast('#FFFFFF', '#FF0000')).toBeCloseTo(4, 0);
    expect(isDark('#0F0F0F')).toBe(true);
    expect(isDark('#FFFFFF')).toBe(false);
  });

  it('darkens YouTube red until white text on it reads at AA', () => {
    const fill = ensureContrast('#FF0000', '#FFFFFF', 4.5, '#000000');
    expect(contrast(fill, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(parseHex(fill)[0]).toBeGreaterThan(180);
  });
});
