import dns from 'node:dns';
import http, { createServer, type Server } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import {
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

describe('checkUrl', () => {
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

  it('judges an IP literal in whatever form the URL gives it', () => {
    expect(() => checkUrl('https://0x7f.1/hook', production)).toThrow(
      'Refused 127.0.0.1: 127.0.0.1 is a loopback address',
    );
    expect(() => checkUrl('https://167772161/hook', development)).toThrow(
      'Refused 10.0.0.1: 10.0.0.1 is a private or reserved address',
    );
    expect(() => checkUrl('https://[::FFFF:10.0.0.1]/hook', development)).toThrow(
      'Refused ::ffff:a00:1: ::ffff:a00:1 is a private or reserved address',
    );
    expect(checkUrl('https://[2606:4700:4700::1111]/hook', production).hostname).toBe(
      '[2606:4700:4700::1111]',
    );
  });
});

describe('postJson', () => {
  let server: Server;
  let base: string;
  let received: string[];
  const contentTypes: (string | undefined)[] = [];
  let answer: (res: http.ServerResponse) => void;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(`${req.method} ${req.url} ${body}`);
        contentTypes.push(req.headers['content-type']);
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
    // A server of its own that never answers: on a busy machine the request it gave up on can reach a server after
    // the timeout, and the shared one would count it in the next test.
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/slow`;
    try {
      await expect(postJson(url, '{}', {}, { ...development, timeoutMs: 200 })).rejects.toThrow(
        'no answer within 0.2 s',
      );
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((r) => silent.close(() => r()));
    }
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

  it('outboundFetch posts a form (URLSearchParams) as fetch does', async () => {
    await outboundFetch(development)(`${base}/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: '1//a b' }),
    });
    expect(received).toEqual(['POST /token grant_type=refresh_token&refresh_token=1%2F%2Fa+b']);
    expect(contentTypes.at(-1)).toBe('application/x-www-form-urlencoded;charset=UTF-8');
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
    // Well within the 5 s a hung resolver would take Jest to notice (timers run late on a loaded machine).
    expect(Date.now() - started).toBeLessThan(3000);
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
    // Well within the 5 s a hung resolver would take Jest to notice (timers run late on a loaded machine).
    expect(Date.now() - started).toBeLessThan(3000);
    expect(lookup.mock.calls[0][0]).toBe('hook.example.com');
  });
});
