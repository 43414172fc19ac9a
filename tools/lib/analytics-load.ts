/**
 * Page-view beacons for the analytics reliability test and benchmark: many visitors (each its own user
 * agent, so the per-visitor rate limit does not bite), and the count the database holds afterwards.
 */
import Database from 'better-sqlite3';
import { Agent, request } from 'node:http';
import { createConnection } from 'mysql2/promise';

export const EVENTS_PER_REQUEST = 5;
const VISITORS = 20_000;

export const eventBody = JSON.stringify({
  events: Array.from({ length: EVENTS_PER_REQUEST }, () => ({
    kind: 'pageview',
    path: '/',
    viewport: 'desktop',
  })),
});

/** A browser's user agent, different for each of VISITORS visitors. */
export function visitorAgent(i: number): string {
  return `Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0 load/${i % VISITORS}`;
}

export interface LoadOutcome {
  /** Sum of `accepted` over every 202. */
  accepted: number;
  answered: number;
  /** Refused before any answer byte (the listener had closed): never taken, safe to retry. */
  refused: number;
  /** Anything else: a non-202 answer or a connection broken after the request was taken. */
  broken: string[];
  /** Milliseconds from sending to the whole answer, of every 202. */
  latencies: number[];
}

/**
 * `connections` keep-alive clients posting beacons (`body(n)` for the n-th, EVENTS_PER_REQUEST page views of `/`
 * unless given) until `stop()`; resolves when all have finished.
 */
export function postEventsUntilStopped(
  url: string,
  connections: number,
  body: (n: number) => string = () => eventBody,
): { stop(): void; done: Promise<LoadOutcome> } {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const outcome: LoadOutcome = { accepted: 0, answered: 0, refused: 0, broken: [], latencies: [] };
  let running = true;
  let sent = 0;
  const post = () =>
    new Promise<boolean>((resolve) => {
      const started = performance.now();
      const n = sent;
      const req = request(
        `${url}/api/events`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'user-agent': visitorAgent(sent++) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            if (res.statusCode === 202) {
              outcome.answered++;
              outcome.latencies.push(performance.now() - started);
              outcome.accepted += (JSON.parse(text) as { accepted: number }).accepted;
            } else outcome.broken.push(`HTTP ${res.statusCode}: ${text}`);
            resolve(true);
          });
          res.on('error', (error) => {
            outcome.broken.push(error.message);
            resolve(false);
          });
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET') outcome.refused++;
        else outcome.broken.push(error.message);
        resolve(false);
      });
      req.end(body(n));
    });
  const worker = async () => {
    while (running) if (!(await post())) await new Promise((r) => setTimeout(r, 5));
  };
  const done = Promise.all(Array.from({ length: connections }, worker)).then(() => {
    agent.destroy();
    return outcome;
  });
  return { stop: () => (running = false), done };
}

/** Page views stored, read straight from the database (SQLite file or MySQL URL). */
export async function storedPageViews(database: { sqlitePath?: string; url?: string }): Promise<number> {
  const sql = "SELECT COALESCE(SUM(total), 0) AS n FROM analytics_rollup WHERE kind = 'view'";
  if (database.sqlitePath) {
    const db = new Database(database.sqlitePath, { readonly: true });
    try {
      return Number((db.prepare(sql).get() as { n: number }).n);
    } finally {
      db.close();
    }
  }
  const connection = await createConnection(database.url!);
  try {
    const [rows] = await connection.query(sql);
    return Number((rows as { n: string }[])[0].n);
  } finally {
    await connection.end();
  }
}
