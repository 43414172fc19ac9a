/**
 * A client for the request-body tests (the API's request-body.integration-spec.ts, apps/web/server/web-app.spec.ts,
 * tools/nginx-run.spec.ts): raw HTTP/1.1 on a socket, so that what happens to the connection is the
 * server's doing. Test code: import it as `@app/node-server/raw-http`, never from app code.
 */
import { connect, createServer } from 'node:net';

/**
 * A free port below Linux's ephemeral range (32768–60999), for a server that listens a while after the port is
 * chosen (a child process that checks it first, an app started later): a port from `freePort()` is ephemeral, and
 * meanwhile another socket can be given it ("PORT 45173 is already in use", "EADDRINUSE 127.0.0.1:43401" in busy
 * steps). `except`: ports already chosen.
 */
export async function freeFixedPort(except: number[] = [], host = '127.0.0.1'): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (except.includes(port)) continue;
    const free = await new Promise<boolean>((resolveFree) => {
      const server = createServer();
      server.unref();
      server.once('error', () => resolveFree(false));
      server.listen(port, host, () => server.close(() => resolveFree(true)));
    });
    if (free) return port;
  }
}

/** Asks the OS for a free TCP port on `host` (listen on 0, read the port, close). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export const MB = 1024 * 1024;

export interface RawOutcome {
  status?: number;
  body: string;
  /** ms from the start to the answer's first bytes. */
  answeredAfterMs?: number;
  /** A reset while sending the body (what a proxy still sending it answers with a 502). */
  sendError?: string;
  /** ms from the start to that reset. */
  sendErrorAfterMs?: number;
  /** ms until the server closed the connection. */
  closedAfterMs: number;
  sentBytes: number;
  /**
   * How much of the body had gone out when the answer's first bytes came: less than the whole body means the
   * server answered without waiting for it, however slow the machine (a time bound failed on a loaded one).
   */
  sentWhenAnsweredBytes?: number;
}

/**
 * Sends a request as a proxy does (`Connection: close`, the body streamed, and still sent after an
 * early answer), on a raw socket so that only the server closes it. `chunks` yields the body's
 * pieces and may wait between them.
 */
export function sendRaw(
  port: number,
  path: string,
  headers: Record<string, string | number>,
  chunks: () => AsyncGenerator<Buffer>,
): Promise<RawOutcome> {
  return new Promise((resolveOutcome) => {
    const started = Date.now();
    const outcome: RawOutcome = { body: '', closedAfterMs: 0, sentBytes: 0 };
    let answer = '';
    const socket = connect(port, '127.0.0.1');
    const head = Object.entries({
      Host: `127.0.0.1:${port}`,
      'Content-Type': 'application/json',
      Connection: 'close',
      ...headers,
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`);
    socket.on('data', (chunk: Buffer) => {
      outcome.answeredAfterMs ??= Date.now() - started;
      outcome.sentWhenAnsweredBytes ??= outcome.sentBytes;
      answer += chunk.toString();
    });
    socket.on('error', (error) => {
      outcome.sendErrorAfterMs ??= Date.now() - started;
      outcome.sendError ??= error.message;
    });
    socket.on('close', () => {
      outcome.closedAfterMs = Date.now() - started;
      const [top, ...body] = answer.split('\r\n\r\n');
      outcome.status = Number(/^HTTP\/1\.1 (\d+)/.exec(top)?.[1]) || undefined;
      outcome.body = body.join('\r\n\r\n');
      resolveOutcome(outcome);
    });
    void (async () => {
      for await (const chunk of chunks()) {
        if (socket.destroyed || !socket.writable) return;
        outcome.sentBytes += chunk.length;
        if (!socket.write(chunk)) await new Promise((drained) => socket.once('drain', drained));
      }
    })();
  });
}

/**
 * The reset a client still sending its body saw before the server's linger time was over, if any. A server that
 * closes as soon as it has answered resets that client (a proxy turns it into a 502). After the linger time the
 * server closes on purpose, and a client still sending then (a loaded machine sends 100 MB slowly) sees that close:
 * not a fault. Both times are the client's; it reads the answer a little after the server wrote it, hence the
 * second of slack, far from the few milliseconds after the answer at which the fault shows.
 */
export function resetWithinLinger(outcome: RawOutcome, lingerMs: number): string | undefined {
  if (outcome.sendError === undefined) return undefined;
  const afterAnswerMs = outcome.sendErrorAfterMs! - (outcome.answeredAfterMs ?? 0);
  return afterAnswerMs < lingerMs - 1000
    ? `${outcome.sendError}, ${afterAnswerMs} ms after the answer`
    : undefined;
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A JSON body of exactly `length` bytes: `json` followed by spaces (valid JSON whitespace). */
export async function* padded(json: string, length: number, chunkSize = MB, pauseMs = 0) {
  const whole = Buffer.alloc(length, ' ');
  whole.write(json);
  for (let at = 0; at < length; at += chunkSize) {
    yield whole.subarray(at, Math.min(at + chunkSize, length));
    if (pauseMs) await sleep(pauseMs);
  }
}

/** A body sent one space at a time, `count` of them, `everyMs` apart: a client trickling its upload. */
export async function* trickled(count: number, everyMs: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < count; i++) {
    yield Buffer.from(' ');
    await sleep(everyMs);
  }
}
