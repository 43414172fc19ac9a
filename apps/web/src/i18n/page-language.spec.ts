import { pageSiteLanguage } from './page-language';

describe('pageSiteLanguage (a page the server did not render: the 404)', () => {
  it('takes the language the web server wrote into the page, even on a first visit', () => {
    expect(pageSiteLanguage('ja', undefined)).toBe('ja');
    // Fresher than what this browser remembers from its last visit.
    expect(pageSiteLanguage('fr', 'de')).toBe('fr');
  });

  it('falls back on the remembered settings, then English; ignores what is not a site language', () => {
    expect(pageSiteLanguage(undefined, 'pt-BR')).toBe('pt-BR');
    expect(pageSiteLanguage('xx', 'es')).toBe('es');
    expect(pageSiteLanguage(undefined, undefined)).toBe('en');
    expect(pageSiteLanguage('', 'nope')).toBe('en');
  });
});
