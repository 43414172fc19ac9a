import dns from 'node:dns';
import http, { createServer, type Server } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  addressRefusal,
  checkUrl,
  outboundFetch,
  OutboundRefusedError,
  outboundPolicy,
  outboundRequest,
  postJson,
  resolveOutboundHost,
} from './outbound-http';

const production = outboundPolicy({ NODE_ENV: 'production' });
const development = outboundPolicy({ NODE_ENV: 'development' });

describe('outbound address policy', () => {
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
    '100::1', // discard
    '100:0:0:1::1', // dummy prefix (RFC 9780)
    '2001::1', // Teredo
    '2001:2::1', // benchmarking
    '2001:10::1', // deprecated ORCHID
    '2002:a00:1::1', // 6to4
    '3fff::1', // documentation (RFC 9637)
    '5f00::1', // SRv6 SIDs (RFC 9602)
    'fec0::1', // site-local (deprecated)
    'fe80::1%eth0', // link-local with a zone
    'ff02::1', // multicast
    '4000::1', // outside global unicast 2000::/3
    '100.127.255.255', // shared address space
    '192.0.0.8',
    '192.0.2.1',
    '198.19.255.255', // benchmarking
    '198.51.100.1',
    '203.0.113.1',
    '240.0.0.1',
  ])('refuses the special-purpose address %s', (address) => {
    expect(addressRefusal(address, development)).toBe(`${address} is a private or reserved address`);
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
    expect(addressRefusal('10.0.0.1', development)).toBe('10.0.0.1 is a private or reserved address');
    expect(addressRefusal('127.0.0.1', production)).toBe('127.0.0.1 is a loopback address');
  });

  it('wants https in production and http(s) anywhere', () => {
    expect(() => checkUrl('http://example.com/hook', production)).toThrow(
      'only https URLs are allowed in production',
    );
    expect(() => checkUrl('ftp://example.com/hook', development)).toThrow('ftp: URLs are not allowed');
    expect(() => checkUrl('not a url', development)).toThrow('not a valid URL');
    expect(() => checkUrl('https://[::1]/hook', production)).toThrow(
      'Refused ::1: ::1 is a loopback address',
    );
    expect(checkUrl('https://example.com/hook', production).hostname).toBe('example.com');
  });
});

describe('postJson', () => {
  let server: Server;
  let base: string;
  let received: string[];
  let answer: (res: http.ServerResponse) => void;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(`${req.method} ${req.url} ${body}`);
        answer(res);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => {
    received = [];
    answer = (res) => res.writeHead(204).end();
  });
  afterEach(() => jest.restoreAllMocks());

  it('refuses a private address literal without opening any connection', async () => {
    const httpsRequest = jest.spyOn(https, 'request');
    const httpRequest = jest.spyOn(http, 'request');
    await expect(postJson('https://10.0.0.1/hook', '{}', {}, production)).rejects.toThrow(
      OutboundRefusedError,
    );
    await expect(postJson('https://10.0.0.1/hook', '{}', {}, production)).rejects.toThrow(
      'Refused 10.0.0.1: 10.0.0.1 is a private or reserved address',
    );
    expect(httpsRequest).not.toHaveBeenCalled();
    expect(httpRequest).not.toHaveBeenCalled();
  });

  it('refuses a name that resolves to loopback in production at lookup time', async () => {
    const port = new URL(base).port;
    const productionOverHttp = { ...production, requireHttps: false };
    await expect(postJson(`http://localhost:${port}/hook`, '{}', {}, productionOverHttp)).rejects.toThrow(
      /^Refused localhost: .* is a loopback address$/,
    );
    expect(received).toEqual([]);
  });

  it('posts JSON to a local receiver outside production', async () => {
    await expect(postJson(`${base}/hook`, '{"a":1}', { 'X-Test': 'yes' }, development)).resolves.toEqual({
      status: 204,
    });
    expect(received).toEqual(['POST /hook {"a":1}']);
  });

  it('does not follow redirects', async () => {
    answer = (res) => res.writeHead(301, { Location: `${base}/elsewhere` }).end();
    await expect(postJson(`${base}/hook`, '{}', {}, development)).rejects.toMatchObject({
      message: 'answered 301 (redirects are not followed)',
      status: 301,
    });
    expect(received).toEqual(['POST /hook {}']);
  });

  it('gives up after the timeout', async () => {
    answer = () => undefined;
    await expect(postJson(`${base}/slow`, '{}', {}, { ...development, timeoutMs: 200 })).rejects.toThrow(
      'no answer within 0.2 s',
    );
  });

  it('outboundRequest answers any status with its body and time, and reports a redirect without following it', async () => {
    answer = (res) =>
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"message":"Unknown Webhook"}');
    await expect(outboundRequest(`${base}/hook`, {}, development)).resolves.toMatchObject({
      status: 404,
      text: '{"message":"Unknown Webhook"}',
      ms: expect.any(Number),
    });
    answer = (res) => res.writeHead(302, { Location: 'http://10.0.0.1/' }).end();
    const redirect = await outboundRequest(`${base}/hook`, {}, development);
    expect([redirect.status, redirect.headers.location]).toEqual([302, 'http://10.0.0.1/']);
    expect(received).toEqual(['GET /hook ', 'GET /hook ']);
  });

  it('outboundRequest keeps at most 64 KiB of an answer', async () => {
    answer = (res) => res.writeHead(200).end('x'.repeat(200 * 1024));
    const { text } = await outboundRequest(`${base}/big`, {}, development);
    expect(text.length).toBe(64 * 1024);
  });

  it('outboundFetch is a fetch under the same rules', async () => {
    answer = (res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    const res = await outboundFetch(development)(`${base}/api?x=1`, {
      headers: { Accept: 'application/json' },
    });
    expect([res.status, await res.json(), res.headers.get('content-type')]).toEqual([
      200,
      { ok: true },
      'application/json',
    ]);
    await expect(outboundFetch(production)('https://10.0.0.1/')).rejects.toThrow(OutboundRefusedError);
  });
});

describe('a DNS resolver that never answers', () => {
  afterEach(() => jest.restoreAllMocks());

  it('resolveOutboundHost (SMTP) gives up within the policy’s timeout with EAI_AGAIN', async () => {
    const lookup = jest.spyOn(dns.promises, 'lookup').mockReturnValue(new Promise(() => undefined));
    const started = Date.now();
    await expect(
      resolveOutboundHost('smtp.example.com', { ...development, timeoutMs: 200 }),
    ).rejects.toMatchObject({
      code: 'EAI_AGAIN',
      message: 'no answer from the DNS resolver for smtp.example.com within 0.2 s',
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(lookup).toHaveBeenCalledWith('smtp.example.com', { all: true });
  });

  it('resolveOutboundHost still answers and judges what the resolver says in time', async () => {
    jest.spyOn(dns.promises, 'lookup').mockResolvedValue([{ address: '10.1.2.3', family: 4 }] as never);
    await expect(resolveOutboundHost('smtp.example.com', development)).rejects.toThrow(
      'Refused smtp.example.com: 10.1.2.3 is a private or reserved address',
    );
    jest.spyOn(dns.promises, 'lookup').mockResolvedValue([{ address: '127.0.0.1', family: 4 }] as never);
    await expect(resolveOutboundHost('smtp.example.com', development)).resolves.toBe('127.0.0.1');
  });

  it('an HTTP request gives up within the policy’s timeout, the lookup included', async () => {
    const lookup = jest.spyOn(dns, 'lookup').mockImplementation((() => undefined) as never);
    const started = Date.now();
    await expect(
      outboundRequest('http://hook.example.com/', {}, { ...development, timeoutMs: 200 }),
    ).rejects.toThrow('no answer within 0.2 s');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(lookup.mock.calls[0][0]).toBe('hook.example.com');
  });
});
