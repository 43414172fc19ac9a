import { escapeHtml, scriptSafeJson } from './html';

describe('html.ts', () => {
  it('escapes the five characters that matter in text and quoted attributes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(escapeHtml('plain 日本語 🎬')).toBe('plain 日本語 🎬');
  });

  it('writes JSON no text can break out of inside a <script>, which parses back to the same data', () => {
    const data = { title: '</script><!-- & \u2028 \u2029 -->', n: 1 };
    const json = scriptSafeJson(data);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(data);
  });
});
