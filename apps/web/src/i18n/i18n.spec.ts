import { siteLanguages } from '@app/contracts/site-language';
import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { en, type MessageKey } from '@app/contracts/i18n/en';
import { isDocumentKey, isServerKey } from '@app/contracts/i18n/keys';
import { activateMessages, t } from './i18n';
import { loadCatalogue } from './load-catalogue';
import { pseudoText } from '@app/contracts/i18n/pseudo';
import { translations, untranslatedKeys } from './untranslated';

const keys = Object.keys(en) as MessageKey[];

/** The arguments a text uses (`{name}`, `{count, plural, …}`), whatever its words. */
function argumentsOf(text: string): string[] {
  return [...text.matchAll(/\{\s*([a-zA-Z]+)\s*[,}]/g)].map((m) => m[1]).sort();
}

describe.each(Object.entries(translations))('the %s catalogue', (language, catalogue) => {
  it('has every key, each translated', () => {
    expect(Object.keys(catalogue).sort()).toEqual([...keys].sort());
    expect(untranslatedKeys(language as keyof typeof translations)).toEqual([]);
  });

  it.each(keys)('%s compiles and uses the same arguments as English', (key) => {
    expect(() => compileMessage(catalogue[key])).not.toThrow();
    expect(argumentsOf(catalogue[key])).toEqual(argumentsOf(en[key]));
  });
});

describe('loading a language', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: en }));

  it('leaves out the texts only the API writes (e-mails, link pages): they never go into a page', async () => {
    const keys = Object.keys((await loadCatalogue('fr')).messages);
    expect(keys.filter(isServerKey)).toEqual([]);
    expect(keys.filter(isDocumentKey)).toEqual([]);
    expect(keys).toHaveLength(
      Object.keys(en).filter((key) => !isServerKey(key) && !isDocumentKey(key)).length,
    );
    expect(Object.keys(en).filter(isServerKey).length).toBeGreaterThan(20);
  });

  it('compiles the standalone documents’ texts (report, media kit) only for the server’s rendering of them', async () => {
    const keys = Object.keys((await loadCatalogue('fr', true)).messages);
    expect(keys.filter(isServerKey)).toEqual([]);
    expect(keys.filter(isDocumentKey).length).toBeGreaterThan(40);
  });

  it.each(siteLanguages)('%s loads compiled and renders its texts with their values', async (language) => {
    const messages = await loadCatalogue(language);
    expect(messages.locale).toBe(language);
    // Compiled: no text is left for a parser in the browser, except those without arguments.
    expect(Object.values(messages.messages).every((m) => typeof m === 'string' || Array.isArray(m))).toBe(
      true,
    );
    activateMessages(messages);
    expect(t('banner.text', { name: 'Acme' })).toContain('Acme');
  });

  it('renders Japanese and Spanish texts, and English as the SPEC has them', async () => {
    activateMessages(await loadCatalogue('ja'));
    expect(t('videos.title')).toBe('最新の動画');
    activateMessages(await loadCatalogue('es'));
    expect(t('videos.count', { count: 1 })).toBe('1 vídeo');
    expect(t('videos.count', { count: 1234 })).toBe('1234 vídeos');
    activateMessages(await loadCatalogue('en'));
    expect(t('videos.count', { count: 1 })).toBe('1 video');
    expect(t('videos.count', { count: 1234 })).toBe('1,234 videos');
    expect(t('browse.noMatch', { query: 'rust' })).toBe('No videos found for "rust"');
  });
});

describe('the pseudo-locale', () => {
  it('accents, lengthens and brackets a text, keeping its arguments', () => {
    expect(pseudoText('Watch Latest Videos')).toMatch(/^\[Ŵ?.*~+\]$/);
    expect(pseudoText('Watch Latest Videos').length).toBeGreaterThan('Watch Latest Videos'.length * 1.3);
    expect(pseudoText('Subscribe to {name} now')).toContain('{name}');
    const plural = pseudoText('{count, plural, one {# video} other {# videos}}');
    expect(() => compileMessage(plural)).not.toThrow();
  });
});
