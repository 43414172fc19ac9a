import { isValidHost, isValidProtocol } from './site-host';

describe('isValidHost', () => {
  it.each([
    'example.com',
    'Example.COM',
    'www.example.com.',
    'localhost',
    'localhost:4200',
    '127.0.0.1',
    '127.0.0.1:4200',
    '192.168.1.20:8080',
    '[::1]',
    '[::1]:4200',
    '[2001:db8::1]:443',
    'api:3000',
    'my_service:3000',
    'xn--bcher-kva.example',
  ])('accepts %s', (host) => {
    expect(isValidHost(host)).toBe(true);
  });

  it.each([
    '',
    'a b',
    'evil.example/path',
    'evil.example?x',
    'evil.example#x',
    'user@evil.example',
    'evil.example:',
    'evil.example:99999',
    'evil.example:80:80',
    'evil.example, good.example',
    '-evil.example',
    'evil..example',
    '<script>',
    '"evil.example"',
    'evil.example\\x',
    '[::1',
    '[1:2]',
    '[::1]x',
    'bücher.example',
    `${'a'.repeat(64)}.example`,
    `${'abc.'.repeat(70)}example`,
  ])('refuses %j', (host) => {
    expect(isValidHost(host)).toBe(false);
  });
});

describe('isValidProtocol', () => {
  it.each(['http', 'https', 'HTTPS'])('accepts %s', (protocol) => {
    expect(isValidProtocol(protocol)).toBe(true);
  });

  it.each(['', 'javascript', 'ftp', 'http s', 'https:', 'httpss'])('refuses %j', (protocol) => {
    expect(isValidProtocol(protocol)).toBe(false);
  });
});
