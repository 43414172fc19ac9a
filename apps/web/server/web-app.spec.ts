import {
  BODY_TIMEOUT_MS,
  BODY_TIMEOUT_RESPONSE,
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
} from '@app/contracts/request-timing';
import { sendRaw, trickled } from '@app/node-server/raw-http';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useFakeStack } from './test/fake-stack';
import { startWebServer } from './web-app';

describe('web-app.ts: the server, its time limits and its start', () => {
  const stack = useFakeStack();

  it('answers a trickled body (a byte every 2 s) with 408 after the body timeout, and closes', async () => {
    const outcome = await sendRaw(stack.web.port, '/api/auth/login', { 'Content-Length': 100 }, () =>
      trickled(100, 2000),
    );
    expect(outcome.status).toBe(408);
    expect(JSON.parse(outcome.body)).toEqual(BODY_TIMEOUT_RESPONSE);
    expect(outcome.answeredAfterMs).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
    expect(outcome.answeredAfterMs).toBeLessThan(BODY_TIMEOUT_MS + 2000);
    expect(outcome.closedAfterMs).toBeLessThan(BODY_TIMEOUT_MS + 4000);
  }, 30_000);

  it('closes a connection whose headers trickle in, after the headers timeout', async () => {
    const started = Date.now();
    const socket = connect(stack.web.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    const timer = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 2000);
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    const closedAfter = await new Promise<number>((closed) =>
      socket.on('close', () => closed(Date.now() - started)),
    );
    clearInterval(timer);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfter).toBeLessThan(HEADERS_TIMEOUT_MS + 2000);
  }, 30_000);

  it('bounds a whole request only past the time the largest backup has at the slowest rate allowed', () => {
    // Node's default (5 minutes) cut a 100 MB import sent below 2.8 Mbit/s.
    expect(stack.web.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(stack.web.server.requestTimeout).toBeGreaterThan(12_800_000);
    expect(stack.web.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    // Idle connections outlive nginx's upstream keepalive_timeout (60 s), so a proxy never reuses a closing one.
    expect(stack.web.server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
  });

  it('refuses to start without a built index.html', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'serve-empty-'));
    try {
      await expect(
        startWebServer({ port: 0, distDir: empty, apiUrl: 'http://127.0.0.1:1', ssrEntry: false }),
      ).rejects.toThrow(/index\.html is missing/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
