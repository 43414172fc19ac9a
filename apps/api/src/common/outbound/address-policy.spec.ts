import { addressRefusal, clientNetworkKey, clientPrefixKey } from './address-policy';

/** What outboundPolicy gives in production and elsewhere (outbound-http.spec.ts checks it end to end). */
const production = { allowLoopback: false };
const development = { allowLoopback: true };

describe('addressRefusal', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '64:ff9b::10.0.0.1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '2001:db8::1',
  ])('refuses %s in production', (address) => {
    expect(addressRefusal(address, production)).toEqual(expect.any(String));
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '64:ff9b::808:808', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (address) => {
      expect(addressRefusal(address, production)).toBeNull();
    },
  );

  // IANA special-purpose registries: ranges that are not globally reachable, in any textual form.
  it.each([
    '64:ff9b:1::808:808', // local-use NAT64 (RFC 8215)
    '64:ff9b:1::a00:1',
    '64:ff9b::1', // NAT64 of 0.0.0.1
    '64:ff9b:0:0:0:0:a00:1', // NAT64 of 10.0.0.1, uncompressed
    '64:ff9b::c0a8:101', // NAT64 of 192.168.1.1
    '0:0:0:0:0:ffff:a00:1', // IPv4-mapped 10.0.0.1, uncompressed
    '::ffff:0:7f00:1', // IPv4-translated (RFC 6145)
    '::808:808', // IPv4-compatible (deprecated)
    '::8.8.8.8', // the same, dotted (ipaddr.js alone would read ::ffff:8.8.8.8)
    '::127.0.0.1', // IPv4-compatible, not loopback
    '100::1', // discard
    '100:0:0:1::1', // dummy prefix (RFC 9780)
    '2001::1', // Teredo
    '2001:2::1', // benchmarking
    '2001:10::1', // deprecated ORCHID
    '2001:4:112::1', // AS112 inside the IETF protocol assignments 2001::/23, refused with the whole block
    '2001:1ff:ffff::1', // last of 2001::/23
    '2002:a00:1::1', // 6to4
    '3fff::1', // documentation (RFC 9637)
    '1fff:ffff::1', // just below global unicast 2000::/3
    '5f00::1', // SRv6 SIDs (RFC 9602)
    'fec0::1', // site-local (deprecated)
    'fe80::1%eth0', // link-local with a zone
    'fe80::1%eth0.1', // a zone index ipaddr.js would not parse
    'ff02::1', // multicast
    '4000::1', // outside global unicast 2000::/3
    '100.127.255.255', // shared address space
    '192.0.0.8',
    '192.0.2.1',
    '192.88.99.1', // 6to4 relay anycast (deprecated)
    '198.19.255.255', // benchmarking
    '198.51.100.1',
    '203.0.113.1',
    '240.0.0.1',
    '::ffff:169.254.169.254', // cloud metadata, IPv4-mapped
  ])('refuses the special-purpose address %s', (address) => {
    expect(addressRefusal(address, development)).toBe(`${address} is a private or reserved address`);
  });

  it.each([
    '172.15.255.255',
    '100.128.0.1',
    '192.0.1.1',
    '2001:200::1', // first after 2001::/23
    '2003::1', // first after 6to4
    '2620:4f:8000::1', // AS112 (globally reachable)
    '192.175.48.1', // AS112
    '192.52.193.1', // AMT relays
  ])('allows the globally reachable neighbour %s', (address) => {
    expect(addressRefusal(address, production)).toBeNull();
  });

  it('judges NAT64 and IPv4-mapped addresses by the IPv4 address they hold', () => {
    expect(addressRefusal('64:ff9b::7f00:1', production)).toBe('64:ff9b::7f00:1 is a loopback address');
    expect(addressRefusal('64:ff9b::7f00:1', development)).toBeNull();
    expect(addressRefusal('64:ff9b::808:808', production)).toBeNull();
    expect(addressRefusal('64:ff9b::8.8.8.8', production)).toBeNull();
    expect(addressRefusal('::ffff:808:808', production)).toBeNull();
    expect(addressRefusal('2a00:1450:4001::200e', production)).toBeNull();
  });

  it('allows loopback outside production, never private networks', () => {
    expect(addressRefusal('127.0.0.1', development)).toBeNull();
    expect(addressRefusal('::1', development)).toBeNull();
    expect(addressRefusal('::ffff:127.0.0.1', development)).toBeNull();
    expect(addressRefusal('10.0.0.1', development)).toBe('10.0.0.1 is a private or reserved address');
    expect(addressRefusal('127.0.0.1', production)).toBe('127.0.0.1 is a loopback address');
    expect(addressRefusal('::ffff:127.0.0.1', production)).toBe('::ffff:127.0.0.1 is a loopback address');
  });

  // Node connects to none of these as an address literal (ipaddr.js alone reads the first 3 as 127.0.0.1).
  it.each([
    '127.1',
    '0x7f.0.0.1',
    '2130706433',
    '010.0.0.1',
    'localhost',
    '',
    '[::1]',
    'fe80::1%',
    '1.2.3.4%eth0',
  ])('says %j is not an IP address', (text) => {
    expect(addressRefusal(text, development)).toBe(`${text} is not an IP address`);
  });
});

describe('clientNetworkKey', () => {
  it('is an IPv4 address itself', () => {
    expect(clientNetworkKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkKey('203.0.113.8')).toBe('203.0.113.8');
  });

  it('is the /64 network of an IPv6 address, whatever its textual form', () => {
    expect(clientNetworkKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientNetworkKey('2001:DB8:1:2:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetworkKey('2001:0db8:0001:0002::abcd')).toBe('2001:db8:1:2::/64');
    expect(clientNetworkKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetworkKey('2001:db8::1')).toBe('2001:db8::/64');
    expect(clientNetworkKey('fe80::1%eth0')).toBe('fe80::/64');
    expect(clientNetworkKey('::1')).toBe('::/64');
  });

  it('is the IPv4 address inside an IPv4-mapped or NAT64 address', () => {
    expect(clientNetworkKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetworkKey('::ffff:c633:6407')).toBe('198.51.100.7');
    expect(clientNetworkKey('64:ff9b::198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetworkKey('::198.51.100.7')).toBe('::/64');
  });

  it('keeps text that is not an IP address as it is', () => {
    expect(clientNetworkKey('unknown')).toBe('unknown');
    expect(clientNetworkKey('')).toBe('');
  });
});

describe('clientPrefixKey', () => {
  it('is the /24 of an IPv4 address, and of the IPv4 inside a mapped or NAT64 address', () => {
    expect(clientPrefixKey('203.0.113.7')).toBe('203.0.113.0/24');
    expect(clientPrefixKey('203.0.113.250')).toBe('203.0.113.0/24');
    expect(clientPrefixKey('203.0.114.7')).toBe('203.0.114.0/24');
    expect(clientPrefixKey('::ffff:198.51.100.7')).toBe('198.51.100.0/24');
    expect(clientPrefixKey('64:ff9b::198.51.100.7')).toBe('198.51.100.0/24');
  });

  it('is the /48 of an IPv6 address, whatever its textual form', () => {
    expect(clientPrefixKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1::/48');
    expect(clientPrefixKey('2001:DB8:1:ffff::1')).toBe('2001:db8:1::/48');
    expect(clientPrefixKey('2001:db8:2::1')).toBe('2001:db8:2::/48');
  });

  it('keeps text that is not an IP address as it is', () => {
    expect(clientPrefixKey('unknown')).toBe('unknown');
  });
});
