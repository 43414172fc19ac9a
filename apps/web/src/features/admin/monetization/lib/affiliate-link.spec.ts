import {
  affiliateProgramFromForm,
  affiliateProgramId,
  buildTrackingLink,
  DEFAULT_UTM_PARAMS,
  emptyAffiliateForm,
  isAffiliateFormComplete,
} from './affiliate-link';

describe('DEFAULT_UTM_PARAMS', () => {
  it('are the settings registry defaults: source youtube, medium referral, campaign default', () => {
    expect(DEFAULT_UTM_PARAMS).toEqual({ source: 'youtube', medium: 'referral', campaign: 'default' });
  });
});

describe('buildTrackingLink', () => {
  it('adds utm_source, utm_medium and utm_campaign to the base URL', () => {
    expect(
      buildTrackingLink('https://shop.example.com/item', {
        source: 'site',
        medium: 'referral',
        campaign: 'spring',
      }),
    ).toBe('https://shop.example.com/item?utm_source=site&utm_medium=referral&utm_campaign=spring');
  });

  it('uses the defaults for missing or blank values', () => {
    expect(buildTrackingLink('https://example.com', { source: '  ', campaign: '' })).toBe(
      'https://example.com/?utm_source=youtube&utm_medium=referral&utm_campaign=default',
    );
    expect(buildTrackingLink('https://example.com/p')).toBe(
      'https://example.com/p?utm_source=youtube&utm_medium=referral&utm_campaign=default',
    );
  });

  it('keeps the other query parameters and the fragment, and replaces existing UTM values', () => {
    expect(
      buildTrackingLink('https://example.com/p?ref=abc&utm_source=old#top', {
        source: 'new',
        medium: 'referral',
        campaign: 'c',
      }),
    ).toBe('https://example.com/p?ref=abc&utm_source=new&utm_medium=referral&utm_campaign=c#top');
  });

  it('encodes values', () => {
    expect(
      buildTrackingLink('https://example.com', { source: 'a b&c', medium: 'referral', campaign: 'x' }),
    ).toBe('https://example.com/?utm_source=a+b%26c&utm_medium=referral&utm_campaign=x');
  });

  it('is null for a base URL that is not absolute http(s)', () => {
    expect(buildTrackingLink('example.com/p')).toBeNull();
    expect(buildTrackingLink('')).toBeNull();
    expect(buildTrackingLink('javascript:alert(1)')).toBeNull();
    expect(buildTrackingLink('ftp://example.com/file')).toBeNull();
  });
});

describe('the add form', () => {
  it('starts with the default source and campaign', () => {
    expect(emptyAffiliateForm()).toEqual({
      name: '',
      baseUrl: '',
      utmSource: 'youtube',
      utmCampaign: 'default',
    });
  });

  it('needs a name and a base URL', () => {
    const form = emptyAffiliateForm();
    expect(isAffiliateFormComplete(form)).toBe(false);
    expect(isAffiliateFormComplete({ ...form, name: 'Shop' })).toBe(false);
    expect(isAffiliateFormComplete({ ...form, baseUrl: 'https://x.com' })).toBe(false);
    expect(isAffiliateFormComplete({ ...form, name: '  ', baseUrl: 'https://x.com' })).toBe(false);
    expect(isAffiliateFormComplete({ ...form, name: 'Shop', baseUrl: 'https://x.com' })).toBe(true);
  });

  it('builds the program with medium referral and defaults for blank UTM values', () => {
    expect(
      affiliateProgramFromForm(
        { name: ' Gear Shop ', baseUrl: ' https://gear.example ', utmSource: '', utmCampaign: ' ' },
        [],
      ),
    ).toEqual({
      id: 'gear-shop',
      name: 'Gear Shop',
      baseUrl: 'https://gear.example',
      utmParams: { source: 'youtube', medium: 'referral', campaign: 'default' },
    });
  });
});

describe('affiliateProgramId', () => {
  it('is the name in lower case with dashes', () => {
    expect(affiliateProgramId('Amazon Associates (US)', [])).toBe('amazon-associates-us');
    expect(affiliateProgramId('Café Crème', [])).toBe('cafe-creme');
  });

  it('falls back to "program" for a name without letters or digits', () => {
    expect(affiliateProgramId('★★★', [])).toBe('program');
  });

  it('adds a suffix until the id is unused', () => {
    const suffixes = ['a1', 'b2'];
    expect(affiliateProgramId('Shop', ['shop', 'shop-a1'], () => suffixes.shift()!)).toBe('shop-b2');
  });

  it('fits the API rule for ids (letters, digits, - and _; at most 64)', () => {
    const id = affiliateProgramId('x'.repeat(200), ['x'.repeat(40)]);
    expect(id).toMatch(/^[\w-]{1,64}$/);
  });
});
