import { emailLinkOrigin } from './email-origin';

describe('emailLinkOrigin', () => {
  const base = { NODE_ENV: 'development', HOST: '127.0.0.1', PORT: 3000 } as const;

  it("is PUBLIC_URL's origin whenever it is set", () => {
    expect(emailLinkOrigin({ ...base, PUBLIC_URL: 'https://videos.example.com/x/' })).toBe(
      'https://videos.example.com',
    );
    expect(
      emailLinkOrigin({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://videos.example.com:8443' }),
    ).toBe('https://videos.example.com:8443');
  });

  it('is null in production without PUBLIC_URL (no e-mail is sent)', () => {
    expect(emailLinkOrigin({ ...base, NODE_ENV: 'production' })).toBeNull();
  });

  it("is the API's configured address outside production", () => {
    expect(emailLinkOrigin(base)).toBe('http://127.0.0.1:3000');
    expect(emailLinkOrigin({ ...base, NODE_ENV: 'test', HOST: '0.0.0.0', PORT: 3100 })).toBe(
      'http://localhost:3100',
    );
    expect(emailLinkOrigin({ ...base, HOST: '::' })).toBe('http://localhost:3000');
    expect(emailLinkOrigin({ ...base, HOST: '::1' })).toBe('http://[::1]:3000');
    expect(emailLinkOrigin({ ...base, HOST: 'dev.local' })).toBe('http://dev.local:3000');
  });
});
