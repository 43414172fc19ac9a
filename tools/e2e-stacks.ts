/**
 * Every server the browser tests use, started at once by one process: Playwright starts its `webServer`
 * entries one after the other (14 of them took 37 s on two cores), and each `npx tsx tools/start.ts` cost
 * three Node processes of its own. Here each stack is the built API as a child process (its own SQLite file)
 * plus the built web server (`dist/apps/web-server`, as `npm start` runs it) in this process; the fakes and nginx come from the same code their own
 * scripts run.
 *
 *   E2E_STACKS='<plan JSON>' tsx tools/e2e-stacks.ts
 *
 * apps/web-e2e/playwright.config.ts writes the plan (which stacks, on which ports, with which environment).
 * Once every server answers, `GET http://127.0.0.1:{control}/ready` answers 200 (Playwright waits for it).
 * SIGTERM or SIGINT stops everything.
 */
import { createServer, type Server } from 'node:http';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { startFakeDiscord } from './fake-discord/server';
import { startFakeGoogle } from './fake-google/server';
import { startFakeMailchimp } from './fake-mailchimp/server';
import { startFakeYouTube } from './fake-youtube/server';
import { startApi, type ApiProcess } from './lib/api-process';
import { nginxBinary, startNginx } from './lib/nginx';
import { startBuiltWebServer, type RunningWebServer } from './lib/web-server';

const port = z.number().int().min(1).max(65535);
const planSchema = z.object({
  /** Where GET /ready answers once everything is up. */
  control: port,
  stacks: z
    .array(
      z.object({
        name: z.string(),
        port,
        sqlitePath: z.string(),
        env: z.record(z.string(), z.string()).default({}),
      }),
    )
    // The API keeps its images and secret keys beside its database: two stacks in one directory would remove
    // each other's image files (each removes the files its own rows no longer name).
    .refine((stacks) => new Set(stacks.map((s) => dirname(resolve(s.sqlitePath)))).size === stacks.length, {
      message: 'each stack needs a directory of its own for its SQLite file (its images sit beside it)',
    }),
  youtube: z
    .array(z.object({ port, videos: z.number().int(), playlists: z.number().int(), apiKey: z.string() }))
    .default([]),
  discord: z.object({ port, id: z.string(), token: z.string() }).optional(),
  mailchimp: z.object({ port, apiKey: z.string() }).optional(),
  /** The fake Google (GOOGLE_BASE_URL): its owner's channel is `channelId` (a fake YouTube's, to connect the stack's channel). */
  google: z.object({ port, channelId: z.string().optional(), seed: z.number().int().optional() }).optional(),
  /** apps/web/nginx.conf in front of the named stack's web server, as docker-compose runs it. */
  nginx: z.object({ port, stack: z.string() }).optional(),
});
export type StackPlan = z.input<typeof planSchema>;

interface Closeable {
  name: string;
  close(): Promise<unknown>;
}

export interface RunningStacks {
  close(): Promise<void>;
}

/** Starts everything the plan names, in parallel; on any failure stops what did start and rethrows. */
export async function startStacks(
  input: StackPlan,
  log = (line: string) => console.log(line),
): Promise<RunningStacks> {
  const plan = planSchema.parse(input);
  const started: Closeable[] = [];
  const close = async () => {
    await Promise.all(started.splice(0).map((s) => s.close().catch(() => undefined)));
  };
  const t0 = Date.now();
  const timed = async <T extends Closeable>(what: Promise<T>): Promise<T> => {
    const thing = await what;
    started.push(thing);
    log(`e2e-stacks: ${thing.name} up after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return thing;
  };
  const apis = new Map<string, ApiProcess>();
  const startStack = async (stack: z.infer<typeof planSchema>['stacks'][number]) => {
    const api = await startApi(
      { SQLITE_PATH: stack.sqlitePath, TRUST_PROXY: 'true', ...stack.env },
      { timeoutMs: 120_000 },
    );
    apis.set(stack.name, api);
    started.push({ name: `${stack.name} API`, close: () => api.stop() });
    api.child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(prefix(stack.name, chunk)));
    const web: RunningWebServer = await startBuiltWebServer(stack.port, api.url);
    return { name: `${stack.name} (${web.url})`, close: () => web.close() };
  };
  try {
    await Promise.all([
      ...plan.stacks.map((stack) => timed(startStack(stack))),
      ...plan.youtube.map((options) => timed(fake('YouTube', startFakeYouTube(options)))),
      ...(plan.discord ? [timed(fake('Discord', startFakeDiscord(plan.discord)))] : []),
      ...(plan.mailchimp ? [timed(fake('Mailchimp', startFakeMailchimp(plan.mailchimp)))] : []),
      ...(plan.google ? [timed(fake('Google', startFakeGoogle(plan.google)))] : []),
    ]);
    if (plan.nginx) {
      const binary = nginxBinary();
      if (!binary)
        throw new Error('nginx is not installed (apt-get install nginx; npm test installs it as root)');
      const front = plan.stacks.find((s) => s.name === plan.nginx!.stack);
      if (!front) throw new Error(`nginx: no stack named ${plan.nginx.stack}`);
      const nginx = await startNginx(binary, { port: plan.nginx.port, web: `127.0.0.1:${front.port}` });
      await timed(Promise.resolve({ name: `nginx (${nginx.url})`, close: () => nginx.stop() }));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { close };
}

/** A started fake service, named by its address, for the list of what is up. */
async function fake(
  kind: string,
  started: Promise<{ url: string; close(): Promise<void> }>,
): Promise<Closeable> {
  const service = await started;
  return { name: `fake ${kind} (${service.url})`, close: () => service.close() };
}

function prefix(name: string, chunk: Buffer): string {
  return chunk
    .toString()
    .split('\n')
    .map((line) => (line ? `[${name}] ${line}` : line))
    .join('\n');
}

async function main(): Promise<void> {
  const raw = process.env.E2E_STACKS;
  if (!raw)
    throw new Error('E2E_STACKS (the plan, as JSON) is not set; apps/web-e2e/playwright.config.ts sets it');
  const plan = JSON.parse(raw) as StackPlan;
  const stacks = await startStacks(plan);
  const control: Server = createServer((req, res) => {
    res.writeHead(req.url === '/ready' ? 200 : 404, { 'content-type': 'text/plain' }).end('ready\n');
  });
  await new Promise<void>((done) => control.listen(plan.control, '127.0.0.1', done));
  console.log(`e2e-stacks: all ready (http://127.0.0.1:${plan.control}/ready)`);
  const stop = () =>
    void stacks
      .close()
      .then(() => control.close())
      .finally(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(`e2e-stacks: ${error.message}`);
    process.exit(1);
  });
}
