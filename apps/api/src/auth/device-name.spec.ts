import { deviceName } from './device-name';

describe('deviceName', () => {
  it('names the browser (major version) and the system', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.85 Safari/537.36',
      ),
    ).toBe('Chrome 131 on macOS');
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox 128 on Linux',
    );
  });

  it('leaves the version out for telling a new device', () => {
    expect(
      deviceName('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', {
        withVersion: false,
      }),
    ).toBe('Firefox on Linux');
  });

  it('says when it is a phone', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 on iOS (mobile)');
  });

  it('falls back for a missing or meaningless user agent', () => {
    expect(deviceName(undefined)).toBe('Unknown device');
    expect(deviceName('')).toBe('Unknown device');
    expect(deviceName('curl/8.5.0')).toMatch(/curl|Unknown/);
  });
});
