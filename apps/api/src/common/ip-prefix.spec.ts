import { ipPrefix } from './ip-prefix';

describe('ipPrefix', () => {
  it('keeps the network of an IPv4 address, never the host', () => {
    expect(ipPrefix('203.0.113.77')).toBe('203.0.113.0/24');
    expect(ipPrefix('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
  });

  it('keeps the /48 of an IPv6 address', () => {
    expect(ipPrefix('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1::/48');
    expect(ipPrefix('::1')).toBe('::/48');
  });

  it('says when there is no usable address', () => {
    expect(ipPrefix(undefined)).toBe('');
    expect(ipPrefix('not-an-ip')).toBe('unknown');
  });
});
