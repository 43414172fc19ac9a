import {
  BODY_LINGER_MS,
  BODY_MIN_BYTES_PER_SECOND,
  BODY_TIMEOUT_MS,
  BODY_TIMEOUT_RESPONSE,
} from '@app/contracts';
import {
  MB,
  padded,
  type RawOutcome,
  resetWithinLinger,
  sendRaw as send,
  trickled,
} from '@app/node-server/raw-http';
import type { AddressInfo } from 'node:net';
import { ADMIN, sessionCookie } from './support/auth';
import { startTestApp, type TestApp } from './support/test-app';

/** Limits and timeouts of the HTTP layer: the database plays no part, so the MariaDB leg leaves them out. */
const httpOnly = process.env.DATABASE_URL ? it.skip : it;

describe('request bodies (integration)', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await startTestApp();
    await new Promise<void>((listening) => t.server.listen(0, '127.0.0.1', listening));
    port = (t.server.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  async function signIn(): Promise<string> {
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(res.status).toBe(200);
    return sessionCookie({ headers: { 'set-cookie': res.headers.getSetCookie() } });
  }

  async function exportBackup(cookie: string): Promise<string> {
    return (await fetch(`http://127.0.0.1:${port}/api/admin/export`, { headers: { cookie } })).text();
  }

  httpOnly(
    'answers a stranger’s 100 MB import with 401 at once, and drops the rest without resetting the connection',
    async () => {
      const length = 100 * MB;
      // Paced over about 2 s (a megabyte every 20 ms): a server that waited for the body would answer after it.
      const outcome = await send(port, '/api/admin/import', { 'Content-Length': length }, () =>
        padded('{}', length, MB, 20),
      );
      expect(outcome.status).toBe(401);
      expect(JSON.parse(outcome.body)).toEqual({
        statusCode: 401,
        message: 'Authentication required',
        error: 'Unauthorized',
      });
      // A reset here is what a proxy still sending the body turns into a 502 (before: write EPIPE at once).
      expect(resetWithinLinger(outcome, BODY_LINGER_MS)).toBeUndefined();
      // Answered while most of the body was still to come, and closed at the latest after the linger time.
      expect(outcome.sentWhenAnsweredBytes).toBeLessThan(length / 2);
      expect(outcome.closedAfterMs - outcome.answeredAfterMs!).toBeLessThan(BODY_LINGER_MS + 2000);
    },
    30_000,
  );

  it('lets the admin import the largest backup', async () => {
    const cookie = await signIn();
    const backup = await exportBackup(cookie);
    const largest = 100 * MB - 1;
    const fast = await send(port, '/api/admin/import', { 'Content-Length': largest, cookie }, () =>
      padded(backup, largest),
    );
    expect({ status: fast.status, sendError: fast.sendError }).toEqual({ status: 200, sendError: undefined });
  }, 30_000);

  /**
   * Senders that mostly wait (a timeout, the linger time, a slow rate): they start together, each test awaits its
   * own, so the suite waits once for the longest (15 s) instead of their sum (30 s). The CPU-bound 100 MB sends
   * above run alone, so they delay no timer here.
   */
  describe('slow senders, side by side', () => {
    let lingering: Promise<RawOutcome> | undefined;
    let trickling: Promise<RawOutcome> | undefined;
    let slowImport: Promise<{ outcome: RawOutcome; backupBytes: number; length: number }>;
    // Twice the minimum rate, for about 1.5 × the body timeout.
    const chunk = Math.round((2 * BODY_MIN_BYTES_PER_SECOND) / 5);
    const slowLength = 75 * chunk;

    beforeAll(async () => {
      const cookie = await signIn();
      const backup = await exportBackup(cookie);
      const started = <T>(promise: Promise<T>) => {
        promise.catch(() => undefined); // awaited (and reported) by its test
        return promise;
      };
      if (!process.env.DATABASE_URL) {
        lingering = started(
          send(port, '/api/admin/import', { 'Content-Length': 100 * MB }, () =>
            padded('{}', 100 * MB, 64 * 1024, 100),
          ),
        );
        trickling = started(
          send(port, '/api/auth/login', { 'Content-Length': 100 }, () => trickled(100, 2000)),
        );
      }
      slowImport = started(
        send(port, '/api/admin/import', { 'Content-Length': slowLength, cookie }, () =>
          padded(backup, slowLength, chunk, 200),
        ).then((outcome) => ({ outcome, backupBytes: backup.length, length: slowLength })),
      );
    });

    httpOnly(
      'closes the connection of a stranger who keeps sending after the 401, after the linger time',
      async () => {
        const outcome = await lingering!;
        expect(outcome.status).toBe(401);
        // Answered well before the linger time ends (not after a time bound a loaded machine may miss).
        expect(outcome.answeredAfterMs).toBeLessThan(BODY_LINGER_MS - 1000);
        expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(BODY_LINGER_MS - 100);
        // The linger time runs from the answer: a loaded machine that answers late closes late by as much, so
        // the bound is from the answer, not from the start.
        expect(outcome.closedAfterMs - outcome.answeredAfterMs!).toBeLessThan(BODY_LINGER_MS + 3000);
        expect(outcome.sentBytes).toBeLessThan(10 * MB);
      },
      30_000,
    );

    httpOnly(
      'cuts a trickled body (a byte every 2 s) with 408 after the body timeout',
      async () => {
        const outcome = await trickling!;
        expect(outcome.status).toBe(BODY_TIMEOUT_RESPONSE.statusCode);
        expect(JSON.parse(outcome.body)).toEqual(BODY_TIMEOUT_RESPONSE);
        expect(outcome.answeredAfterMs).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
        expect(outcome.answeredAfterMs).toBeLessThan(BODY_TIMEOUT_MS + 2000);
        expect(outcome.closedAfterMs).toBeLessThan(BODY_TIMEOUT_MS + 4000);
      },
      30_000,
    );

    it('lets the admin import a backup sent slowly for longer than the body timeout', async () => {
      const { outcome, backupBytes, length } = await slowImport;
      expect(backupBytes).toBeLessThan(length);
      expect({ status: outcome.status, sendError: outcome.sendError }).toEqual({
        status: 200,
        sendError: undefined,
      });
      expect(outcome.answeredAfterMs).toBeGreaterThan(BODY_TIMEOUT_MS);
    }, 30_000);
  });
});
