import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction, type Socket } from 'node:net';
import type { Env } from '../config/env';

/**
 * Outgoing requests to URLs an admin typed in (webhooks), per DESIGN §5: https only in production; private,
 * loopback, link-local and other special addresses refused at connect time (every address the name resolves
 * to is checked, and the connected peer once more); redirects never followed; a short overall timeout.
 * Outside production, loopback and plain http are allowed so local receivers work in development and tests.
 */
export interface OutboundPolicy {
  requireHttps: boolean;
  allowLoopback: boolean;
  timeoutMs: number;
}

export const OUTBOUND_TIMEOUT_MS = 5000;
/** Receivers' answers are read only this far (and then ignored). */
const MAX_RESPONSE_BYTES = 64 * 1024;

export function outboundPolicy(env: Pick<Env, 'NODE_ENV'>): OutboundPolicy {
  const production = env.NODE_ENV === 'production';
  return { requireHttps: production, allowLoopback: !production, timeoutMs: OUTBOUND_TIMEOUT_MS };
}

/** Refused by policy before or while connecting; no request was sent. */
export class OutboundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Never reachable from a webhook, whatever the environment (RFC 6890 special-purpose ranges). */
const special = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  special.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64],
  ['2001:db8::', 32],
  ['2001::', 32], // Teredo
  ['2002::', 16], // 6to4
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  special.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address inside a NAT64 (64:ff9b::/96) IPv6 address, if it is one. */
function nat64Embedded(address: string): string | null {
  const match = /^64:ff9b::(?:([0-9a-f]{1,4}):([0-9a-f]{1,4})|(\d+\.\d+\.\d+\.\d+))$/i.exec(address);
  if (!match) return null;
  if (match[3]) return match[3];
  const hi = parseInt(match[1], 16);
  const lo = parseInt(match[2], 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Why the policy refuses to connect to this IP address, or null when it may. */
export function addressRefusal(
  address: string,
  policy: Pick<OutboundPolicy, 'allowLoopback'>,
): string | null {
  const family = isIP(address);
  if (!family) return `${address} is not an IP address`;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const embedded = family === 6 ? nat64Embedded(address) : null;
  if (embedded) return addressRefusal(embedded, policy);
  // BlockList also matches IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) against the IPv4 rules.
  if (loopback.check(address, type)) {
    return policy.allowLoopback ? null : `${address} is a loopback address`;
  }
  if (special.check(address, type)) return `${address} is a private or reserved address`;
  return null;
}

/** A `lookup` for http(s).request that resolves the name itself and refuses it if any address is refused. */
function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses
        .map((a) => addressRefusal(a.address, policy))
        .find((reason): reason is string => reason !== null);
      if (refused) {
        return callback(new OutboundRefusedError(`Refused ${hostname}: ${refused}`), '', 0);
      }
      if (!addresses.length) return callback(new Error(`${hostname} has no address`), '', 0);
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      } else {
        callback(null, addresses[0].address, addresses[0].family);
      }
    });
  };
}

export interface OutboundResponse {
  status: number;
}

/** Checks a URL against the policy without connecting; throws OutboundRefusedError. */
export function checkUrl(url: string, policy: OutboundPolicy): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new OutboundRefusedError('not a valid URL');
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    throw new OutboundRefusedError(`${target.protocol} URLs are not allowed`);
  }
  if (policy.requireHttps && target.protocol !== 'https:') {
    throw new OutboundRefusedError('only https URLs are allowed in production');
  }
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  // An IP literal is connected to without any lookup, so it is checked here.
  if (isIP(host)) {
    const refused = addressRefusal(host, policy);
    if (refused) throw new OutboundRefusedError(`Refused ${host}: ${refused}`);
  }
  return target;
}

/**
 * POSTs `body` and resolves with the status of a 2xx answer. Rejects with OutboundRefusedError when the
 * policy forbids the target, and with an Error for a timeout, a network failure, a redirect or a non-2xx.
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  let target: URL;
  try {
    target = checkUrl(url, policy);
  } catch (error) {
    return Promise.reject(error);
  }
  const client = target.protocol === 'https:' ? https : http;
  const signal = AbortSignal.timeout(policy.timeoutMs);
  return new Promise<OutboundResponse>((resolve, reject) => {
    let refusal: OutboundRefusedError | undefined;
    const request = client.request(target, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        ...headers,
      },
      lookup: guardedLookup(policy),
      // A fresh connection per request, so every request goes through the lookup above.
      agent: false,
      signal,
    });
    const checkPeer = (socket: Socket) => {
      const peer = socket.remoteAddress;
      const refused = peer ? addressRefusal(peer, policy) : 'no peer address';
      if (refused) {
        refusal = new OutboundRefusedError(`Refused ${target.hostname}: ${refused}`);
        request.destroy(refusal);
      }
    };
    request.on('socket', (socket: Socket) => {
      if (socket.remoteAddress) checkPeer(socket);
      else socket.once('connect', () => checkPeer(socket));
    });
    request.on('response', (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > MAX_RESPONSE_BYTES) response.destroy();
      });
      const finish = () => {
        if (status >= 200 && status < 300) return resolve({ status });
        if (status >= 300 && status < 400) {
          return reject(
            Object.assign(new Error(`answered ${status} (redirects are not followed)`), { status }),
          );
        }
        reject(Object.assign(new Error(`answered ${status}`), { status }));
      };
      response.once('end', finish);
      response.once('close', finish);
      response.once('error', finish);
    });
    request.once('error', (error: Error) => {
      if (refusal) return reject(refusal);
      if (error instanceof OutboundRefusedError) return reject(error);
      if (signal.aborted) return reject(new Error(`no answer within ${policy.timeoutMs / 1000} s`));
      const code = (error as NodeJS.ErrnoException).code;
      reject(new Error(code ? `${code}: ${error.message}` : error.message));
    });
    request.end(body);
  });
}
