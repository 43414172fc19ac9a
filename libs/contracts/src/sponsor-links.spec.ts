import { isSameLink, sponsorOfLink } from './sponsor-links';

describe('a deal’s sponsor link in a description', () => {
  it('is the same link whatever the scheme, www., trailing slash, host case or fragment', () => {
    const link = 'https://acme.example/desk?ref=chan';
    for (const same of [
      'http://acme.example/desk?ref=chan',
      'https://www.ACME.example/desk/?ref=chan',
      'https://acme.example/desk?ref=chan#offer',
    ]) {
      expect(isSameLink(same, link)).toBe(true);
    }
    for (const other of [
      'https://acme.example/desk?ref=other',
      'https://acme.example/desk',
      'https://acme.example/chair?ref=chan',
      'https://acme.example.evil/desk?ref=chan',
      'ftp://acme.example/desk?ref=chan',
      'not a url',
    ]) {
      expect(isSameLink(other, link)).toBe(false);
    }
  });

  it('names the first deal whose link it is', () => {
    const links = [
      { sponsorId: '3', url: 'https://a.example/x' },
      { sponsorId: '4', url: 'https://a.example/x/' },
    ];
    expect(sponsorOfLink('https://a.example/x', links)?.sponsorId).toBe('3');
    expect(sponsorOfLink('https://b.example/x', links)).toBeUndefined();
  });
});
