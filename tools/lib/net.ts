import { createServer } from 'node:net';

export { freeFixedPort, freePort } from '@app/node-server/raw-http';

/** True when nothing listens on host:port yet (so a child we start there is the one we talk to). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolveFree) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolveFree(false));
    server.listen(port, host, () => server.close(() => resolveFree(true)));
  });
}

export interface WaitForHttpOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** Checked between attempts: return a reason to stop waiting (e.g. the server process exited). */
  abort?: () => string | undefined;
}

/** Polls `url` until it answers 2xx; rejects after the timeout or when `abort` gives a reason. */
export async function waitForHttp(url: string, options: WaitForHttpOptions = {}): Promise<void> {
  const { timeoutMs = 60_000, intervalMs = 200, abort } = options;
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  for (;;) {
    const reason = abort?.();
    if (reason) throw new Error(`${url} never became healthy: ${reason}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    if (Date.now() > deadline) throw new Error(`${url} not healthy after ${timeoutMs} ms (last: ${last})`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
