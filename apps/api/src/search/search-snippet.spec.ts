import { queryTerms } from './search-query';
import { SNIPPET_MAX_LENGTH, snippetOf } from './search-snippet';

describe('snippetOf', () => {
  it('marks the matched words of a short text, whole', () => {
    expect(snippetOf('A café in Zürich', queryTerms('cafe zur'))).toEqual({
      parts: [
        { text: 'A ', match: false },
        { text: 'café', match: true },
        { text: ' in ', match: false },
        { text: 'Zürich', match: true },
      ],
      firstMatch: 2,
    });
  });

  it('marks a Japanese word in a sentence as one stretch', () => {
    expect(snippetOf('今日は東京の天気について', queryTerms('東京の天気')).parts).toEqual([
      { text: '今日は', match: false },
      { text: '東京の天気', match: true },
      { text: 'について', match: false },
    ]);
  });

  it('cuts a long text around its first match, at spaces, with an ellipsis', () => {
    const text = `${'word '.repeat(60)}the special needle here ${'tail '.repeat(60)}`;
    const { parts, firstMatch } = snippetOf(text, queryTerms('needle'));
    expect(firstMatch).toBe(text.indexOf('needle'));
    expect(parts[0].text.startsWith('…word')).toBe(true);
    expect(parts[1]).toEqual({ text: 'needle', match: true });
    expect(parts[2].text.endsWith('tail…')).toBe(true);
    const shown = parts.map((p) => p.text).join('');
    expect(shown.length).toBeLessThanOrEqual(SNIPPET_MAX_LENGTH + 25);
  });

  it('shows the start of a text where nothing matched', () => {
    const { parts, firstMatch } = snippetOf('x '.repeat(200), queryTerms('absent'));
    expect(firstMatch).toBeNull();
    expect(parts).toHaveLength(1);
    expect(parts[0].match).toBe(false);
    expect(parts[0].text.endsWith('…')).toBe(true);
  });

  it('keeps markup as text', () => {
    expect(snippetOf('<b>bold</b> & co', queryTerms('bold')).parts).toEqual([
      { text: '<b>', match: false },
      { text: 'bold', match: true },
      { text: '</b> & co', match: false },
    ]);
  });
});
