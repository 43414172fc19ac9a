import { openSearchDescription, type OpenSearchSite } from './opensearch';

const site: OpenSearchSite = {
  origin: 'https://site.example',
  name: 'Code with Alex (demo)',
  description: 'Search the videos of Code with Alex (demo)',
  language: 'en',
  icon: { href: '/favicon.svg', type: 'image/svg+xml' },
};

describe('the OpenSearch description document', () => {
  it('names the site in 16 characters at most, and leads to the search page with {searchTerms}', () => {
    const xml = openSearchDescription(site);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<OpenSearchDescription xmlns="http:\/\/a9.com\/-\/spec\/opensearch\/1.1\/"/,
    );
    expect(xml).toContain('<ShortName>Code with Alex…</ShortName>');
    expect(xml).toContain('<Description>Search the videos of Code with Alex (demo)</Description>');
    expect(xml).toContain('<InputEncoding>UTF-8</InputEncoding>');
    expect(xml).toContain('<Language>en</Language>');
    expect(xml).toContain(
      '<Url type="text/html" method="get" template="https://site.example/search?q={searchTerms}"/>',
    );
    expect(xml).toContain(
      '<Url type="application/opensearchdescription+xml" rel="self" template="https://site.example/opensearch.xml"/>',
    );
    expect(xml).toContain('<moz:SearchForm>https://site.example/search</moz:SearchForm>');
  });

  it('shows the site’s icon: the default one made absolute, or the owner’s favicon as its data URL', () => {
    expect(openSearchDescription(site)).toContain(
      '<Image type="image/svg+xml">https://site.example/favicon.svg</Image>',
    );
    const favicon = 'data:image/png;base64,iVBORw0KGgo=';
    expect(openSearchDescription({ ...site, icon: { href: favicon, type: 'image/png' } })).toContain(
      `<Image type="image/png">${favicon}</Image>`,
    );
  });

  it('escapes the owner’s text and drops what XML cannot carry', () => {
    const xml = openSearchDescription({
      ...site,
      name: 'A&B <c>\u0001',
      description: 'Say "hi" & <b>bye</b>',
    });
    expect(xml).toContain('<ShortName>A&amp;B &lt;c&gt;</ShortName>');
    expect(xml).toContain('<Description>Say &quot;hi&quot; &amp; &lt;b&gt;bye&lt;/b&gt;</Description>');
    expect(xml).not.toContain('\u0001');
  });
});
