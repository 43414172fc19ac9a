import { parseSmtpUrl } from './smtp-url';

describe('parseSmtpUrl', () => {
  it('reads smtp:// as STARTTLS on the submission port by default', () => {
    expect(parseSmtpUrl('smtp://user:pass@smtp.example.com')).toEqual({
      smtpHost: 'smtp.example.com',
      smtpPort: 587,
      smtpSecurity: 'starttls',
      smtpUser: 'user',
      smtpPassword: 'pass',
    });
    expect(parseSmtpUrl('smtp://user:pass@smtp.example.com:2525').smtpPort).toBe(2525);
  });

  it('reads smtps:// as TLS from the start, port 465 by default', () => {
    expect(parseSmtpUrl('smtps://user:pass@smtp.example.com')).toMatchObject({
      smtpPort: 465,
      smtpSecurity: 'tls',
    });
    expect(parseSmtpUrl('smtps://u:p@smtp.example.com:2465').smtpPort).toBe(2465);
  });

  it('decodes an encoded user and password', () => {
    expect(parseSmtpUrl('smtp://me%40example.com:p%40ss%3Aw%2Fo%25rd@mail.example.com:587')).toMatchObject({
      smtpUser: 'me@example.com',
      smtpPassword: 'p@ss:w/o%rd',
    });
  });

  it('takes a relay without credentials, and ?security=none for a plain one', () => {
    expect(parseSmtpUrl('smtp://mailpit:1025?security=none')).toEqual({
      smtpHost: 'mailpit',
      smtpPort: 1025,
      smtpSecurity: 'none',
      smtpUser: '',
      smtpPassword: '',
    });
  });

  it.each([
    ['not a url', 'must look like smtp://user:password@smtp.example.com:587 or smtps://…'],
    ['https://smtp.example.com', 'must start with smtp:// or smtps:// (got https://)'],
    ['smtps://smtp.example.com?security=none', 'smtps:// is always TLS: leave out ?security='],
    ['smtp://smtp.example.com?security=ssl', '?security= must be none or starttls'],
    [
      'smtp://user:%E0%A4%A@smtp.example.com',
      'has a badly encoded user or password (encode special characters, e.g. @ as %40)',
    ],
    ['smtp://[::1]:25', 'its host must be a host name like smtp.example.com'],
    [`smtp://u:${'x'.repeat(257)}@smtp.example.com`, 'its password must be at most 256 characters'],
  ])('refuses %s', (value, message) => {
    expect(() => parseSmtpUrl(value)).toThrow(message);
  });
});
