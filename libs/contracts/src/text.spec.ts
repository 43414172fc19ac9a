import { truncateText } from './text';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('truncateText', () => {
  it('leaves text that fits alone', () => {
    expect(truncateText('short', 5)).toBe('short');
    expect(truncateText('', 0)).toBe('');
  });

  it('cuts at a grapheme boundary and adds the ellipsis', () => {
    expect(truncateText('abcdefgh', 5)).toBe('abcd…');
    expect(truncateText('abc   defgh', 7)).toBe('abc…');
  });

  it('never splits an emoji, a flag, a family or an accent', () => {
    // '😀' is two UTF-16 units: a 5-unit cut of 'abc😀d' must not keep half of it.
    const cut = truncateText('abc😀def', 5);
    expect(cut).toBe('abc…');
    expect(cut).not.toMatch(LONE_SURROGATE);
    expect(truncateText('🇩🇪🇩🇪🇩🇪', 5)).toBe('🇩🇪…');
    expect(truncateText('👨‍👩‍👧‍👦👨‍👩‍👧‍👦', 12)).toBe('👨‍👩‍👧‍👦…');
    expect(truncateText('👨‍👩‍👧‍👦👨‍👩‍👧‍👦', 11)).toBe('…');
    expect(truncateText('cafe\u0301 noir', 5)).toBe('caf…');
  });

  it('fits CJK and RTL text in the limit, ellipsis included', () => {
    const cjk = '日本語のテキスト'.repeat(40);
    expect(truncateText(cjk, 200)).toHaveLength(200);
    const rtl = 'مرحبا بالعالم '.repeat(30);
    expect(truncateText(rtl, 100).length).toBeLessThanOrEqual(100);
    expect(truncateText(rtl, 100).endsWith('…')).toBe(true);
  });

  it('cuts without an ellipsis for a column length', () => {
    expect(truncateText('ab😀', 3, '')).toBe('ab');
    expect(truncateText('abcd', 3, '')).toBe('abc');
  });

  it('every cut of an emoji-rich text is well-formed', () => {
    const text = 'Hi 👋🏽 from 🇯🇵 — 東京 ✨ '.repeat(10);
    for (let max = 1; max < text.length; max++) {
      const cut = truncateText(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(cut).not.toMatch(LONE_SURROGATE);
    }
  });
});
