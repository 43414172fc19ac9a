import { lookup as dnsLookup, type LookupAddress, promises as dnsPromises } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import type { Env } from '../../config/env';
import { addressRefusal, type AddressPolicy } from './address-policy';

/**
 * Outgoing requests to URLs an admin typed in (webhooks): https only in production; private,
 * loopback, link-local and other special addresses refused at connect time (every address the name resolves
 * to is checked, and the connected peer once more); redirects never followed; a short overall timeout.
 * Outside production, loopback and plain http are allowed so local receivers work in development and tests.
 */
export interface OutboundPolicy extends AddressPolicy {
  requireHttps: boolean;
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

/** A whole answer, whatever its status: what a connection test reports. */
export interface OutboundAnswer {
  status: number;
  statusText: string;
  /** The body as text, at most MAX_RESPONSE_BYTES of it (or the request's `maxBytes`). */
  text: string;
  /** The body was longer than that, so `text` is cut short. */
  truncated?: boolean;
  headers: IncomingMessage['headers'];
  /** From the start of the request to the end of the answer. */
  ms: number;
}

export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** Ends the request early (besides the policy's timeout). */
  signal?: AbortSignal;
  /** Most bytes of the body kept (MAX_RESPONSE_BYTES when not given): a feed is longer than an API's answer. */
  maxBytes?: number;
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
 * `dns.promises.lookup(host, { all: true })` within `timeoutMs`: a resolver that does not answer rejects with
 * an EAI_AGAIN error (what getaddrinfo says when the DNS server does not answer) instead of waiting for the
 * system resolver's own retries. The lookup itself cannot be cancelled; its late answer is ignored.
 */
function lookupWithin(host: string, timeoutMs: number): Promise<LookupAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          Object.assign(
            new Error(`no answer from the DNS resolver for ${host} within ${timeoutMs / 1000} s`),
            {
              code: 'EAI_AGAIN',
              hostname: host,
            },
          ),
        ),
      timeoutMs,
    );
  });
  return Promise.race([dnsPromises.lookup(host, { all: true }), late]).finally(() => clearTimeout(timer));
}

/**
 * The address to connect to for a host of a non-HTTP service (SMTP): resolves the name (within the policy's
 * timeout) and refuses it if any of its addresses is refused, as the HTTP lookup does. Throws
 * OutboundRefusedError or the DNS error (EAI_AGAIN when the resolver does not answer in time).
 */
export async function resolveOutboundHost(host: string, policy: OutboundPolicy): Promise<string> {
  const plain = host.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(plain)
    ? [{ address: plain, family: isIP(plain) }]
    : await lookupWithin(plain, policy.timeoutMs);
  const refused = addresses
    .map((a) => addressRefusal(a.address, policy))
    .find((reason): reason is string => reason !== null);
  if (refused) throw new OutboundRefusedError(`Refused ${plain}: ${refused}`);
  if (!addresses.length) throw new Error(`${plain} has no address`);
  return addresses[0].address;
}

/**
 * POSTs `body` and resolves with the status of a 2xx answer. Rejects with OutboundRefusedError when the
 * policy forbids the target, and with an Error for a timeout, a network failure, a redirect or a non-2xx.
 */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  const { status } = await outboundRequest(
    url,
    { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body },
    policy,
  );
  if (status >= 200 && status < 300) return { status };
  if (status >= 300 && status < 400) {
    throw Object.assign(new Error(`answered ${status} (redirects are not followed)`), { status });
  }
  throw Object.assign(new Error(`answered ${status}`), { status });
}

/**
 * One request under the policy; resolves with the answer whatever its status (a redirect is an answer,
 * never followed). Rejects with OutboundRefusedError when the policy forbids the target, and with an Error
 * for a timeout (`no answer within N s`) or a network failure (`ECONNREFUSED: …`, `ENOTFOUND: …`).
 */
export async function outboundRequest(
  url: string,
  request: OutboundRequest,
  policy: OutboundPolicy,
): Promise<OutboundAnswer> {
  const { body, ...answer } = await outboundBytes(url, request, policy);
  return { ...answer, text: body.toString('utf8') };
}

/** A whole answer with its body as bytes (an image), at most `maxBytes` of it. */
export interface OutboundBytesAnswer extends Omit<OutboundAnswer, 'text'> {
  body: Buffer;
}

/**
 * outboundRequest's answer with the body as bytes: a binary GET (the sync's images). A body longer than `maxBytes`
 * is cut there and marked `truncated`: the caller refuses it.
 */
export function outboundBytes(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
    signal: callerSignal,
    maxBytes = MAX_RESPONSE_BYTES,
  }: OutboundRequest,
  policy: OutboundPolicy,
): Promise<OutboundBytesAnswer> {
  let target: URL;
  try {
    target = checkUrl(url, policy);
  } catch (error) {
    return Promise.reject(error);
  }
  const client = target.protocol === 'https:' ? https : http;
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  const signal = callerSignal ? AbortSignal.any([timeout, callerSignal]) : timeout;
  const started = performance.now();
  return new Promise<OutboundBytesAnswer>((resolve, reject) => {
    let refusal: OutboundRefusedError | undefined;
    const request = client.request(target, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }),
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
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        if (received < maxBytes) chunks.push(chunk.subarray(0, maxBytes - received));
        received += chunk.length;
        if (received > maxBytes) response.destroy();
      });
      const finish = () =>
        resolve({
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? '',
          body: Buffer.concat(chunks),
          ...(received > maxBytes ? { truncated: true } : {}),
          headers: response.headers,
          ms: Math.round(performance.now() - started),
        });
      response.once('end', finish);
      response.once('close', finish);
      response.once('error', finish);
    });
    request.once('error', (error: Error) => {
      if (refusal) return reject(refusal);
      if (error instanceof OutboundRefusedError) return reject(error);
      if (timeout.aborted) return reject(new Error(`no answer within ${policy.timeoutMs / 1000} s`));
      if (signal.aborted) return reject(new Error('the request was cancelled'));
      const code = (error as NodeJS.ErrnoException).code;
      reject(new Error(code ? `${code}: ${error.message}` : error.message));
    });
    request.end(body);
  });
}

/**
 * A `fetch` for clients built on it (the YouTube client, google-auth-library's token calls): the same request under
 * the policy. The body is text or a form (URLSearchParams, sent as `application/x-www-form-urlencoded` as fetch
 * does); the answer's body is read at once (at most MAX_RESPONSE_BYTES), which suits JSON APIs.
 */
export function outboundFetch(policy: OutboundPolicy): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'POST') throw new Error(`${method} is not supported`);
    let body: string | undefined;
    if (init?.body instanceof URLSearchParams) {
      body = init.body.toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8';
    } else if (init?.body !== undefined && init.body !== null && typeof init.body !== 'string') {
      throw new Error('only a text or form body is supported');
    } else {
      body = init?.body ?? undefined;
    }
    const answer = await outboundRequest(
      url,
      { method, headers, body, signal: init?.signal ?? undefined },
      policy,
    );
    const noBody = [101, 204, 205, 304].includes(answer.status);
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (typeof value === 'string') responseHeaders.set(name, value);
      else if (Array.isArray(value)) for (const v of value) responseHeaders.append(name, v);
    }
    return new Response(noBody ? null : answer.text, {
      status: answer.status < 200 || answer.status > 599 ? 502 : answer.status,
      statusText: answer.statusText,
      headers: responseHeaders,
    });
  }) as typeof fetch;
}
