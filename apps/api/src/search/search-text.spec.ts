import { indexTerms, MAX_TERM_LENGTH, searchTokens } from './search-text';

const terms = (text: string, mode: 'index' | 'query' = 'query') =>
  searchTokens(text, mode).map((t) => t.term);

describe('searchTokens', () => {
  it('lower-cases and folds diacritics, spelling out the letters that have none to drop', () => {
    expect(terms('Café Müller ÉCLAIR naïve Ångström')).toEqual([
      'cafe',
      'muller',
      'eclair',
      'naive',
      'angstrom',
    ]);
    expect(terms('Straße STRASSE Æon Œuvre Øresund Łódź Đorđe þorn')).toEqual([
      'strasse',
      'strasse',
      'aeon',
      'oeuvre',
      'oresund',
      'lodz',
      'dorde',
      'thorn',
    ]);
    expect(terms('Ελληνικά Привёт İstanbul')).toEqual(['ελληνικα', 'привет', 'istanbul']);
  });

  it('applies NFKC: full-width letters, ligatures, superscripts, half-width kana', () => {
    expect(terms('ＡＢＣ１２３ ﬁsh x²')).toEqual(['abc123', 'fish', 'x2']);
    expect(terms('ｶﾞｷﾞ')).toEqual(['ガギ']);
  });

  it('splits on punctuation, symbols and emoji, which are never terms', () => {
    expect(terms("rock’n’roll, don't-stop! 🎉 party 👍🏽ok")).toEqual([
      'rock',
      'n',
      'roll',
      'don',
      't',
      'stop',
      'party',
      'ok',
    ]);
    expect(terms('"*-+^:()')).toEqual([]);
    expect(terms('🐟🎉')).toEqual([]);
  });

  it('makes CJK runs bigrams, with their characters in the index', () => {
    expect(terms('東京の天気')).toEqual(['東京', '京の', 'の天', '天気']);
    expect(terms('東京の天気', 'index')).toEqual([
      '東',
      '東京',
      '京',
      '京の',
      'の',
      'の天',
      '天',
      '天気',
      '気',
    ]);
    expect(terms('猫')).toEqual(['猫']);
    expect(terms('カタカナ ひらがな')).toEqual(['カタ', 'タカ', 'カナ', 'ひら', 'らが', 'がな']);
    expect(terms('한국어')).toEqual(['한국', '국어']);
  });

  it('keeps scripts apart in mixed text, and a Japanese query finds its words in a sentence', () => {
    expect(terms('mixed東京tower')).toEqual(['mixed', '東京', 'tower']);
    const sentence = new Set(terms('今日は東京の天気が良い', 'index'));
    expect(terms('東京').every((term) => sentence.has(term))).toBe(true);
    expect(terms('天気').every((term) => sentence.has(term))).toBe(true);
    expect(terms('京都').every((term) => sentence.has(term))).toBe(false);
  });

  it('points each term at where it is in the original text', () => {
    const text = 'Le café 東京 ｶﾞ 𠮷野';
    expect(searchTokens(text, 'query').map(({ term, start, end }) => [term, text.slice(start, end)])).toEqual(
      [
        ['le', 'Le'],
        ['cafe', 'café'],
        ['東京', '東京'],
        // NFKC made one character of two: the term points at both.
        ['ガ', 'ｶﾞ'],
        ['𠮷野', '𠮷野'],
      ],
    );
  });

  it('cuts very long words the same way on both sides', () => {
    const long = 'a'.repeat(100);
    expect(terms(long)).toEqual(['a'.repeat(MAX_TERM_LENGTH)]);
  });
});

describe('indexTerms', () => {
  it('lists each term once', () => {
    expect(indexTerms('the cat and the hat')).toEqual(['the', 'cat', 'and', 'hat']);
  });

  it('makes the terms the tokens make, for ASCII text and for any other', () => {
    const texts = [
      'Node.js Streams: Common Mistakes (Part 12)\n\nChapters: 00:00 Intro, 01:30 THE_END',
      `x${'y'.repeat(MAX_TERM_LENGTH + 5)} HTTP/2 vs. HTTP/3 -- 100% tested!!`,
      'Premiere: Node.js Streams 🎉 café déjà vu',
      '東京の天気 Tokyo weather',
      '',
    ];
    for (const text of texts) {
      expect(indexTerms(text)).toEqual([...new Set(searchTokens(text, 'index').map((token) => token.term))]);
    }
  });
});
