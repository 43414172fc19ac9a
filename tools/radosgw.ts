/**
 * A throwaway S3-compatible server for tests and by-hand runs: Ceph's RADOS Gateway (radosgw, Debian's packages
 * radosgw, ceph-mon and ceph-osd) on a one-node Ceph cluster, as Ceph's own vstart.sh makes one: a monitor, one OSD
 * keeping objects in memory (memstore), no manager, everything on loopback in a temporary directory
 * (tools/lib/ceph.ts). It creates a user with a random key and a bucket, and deletes everything on stop, on errors
 * and when the process exits.
 *
 *   tsx tools/radosgw.ts          prints IMAGES_S3_*=… (the API's S3 image store settings) and stays up until Ctrl-C
 *   tsx tools/radosgw.ts --json   prints them as one line of JSON and stops when its standard input closes (tests
 *                                 start it as a child process, apps/api/test/support/radosgw.ts)
 *
 * Why radosgw: the test machines reach Debian's archive but not PyPI (moto) or Docker Hub (MinIO); radosgw is a
 * production S3 server (Ceph's). Start, memory and install figures, with the commands, are in docs/image-storage.md.
 */
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { authtoolArgs, CEPH_KEYS, cephConf } from './lib/ceph';
import { freePort, waitForHttp } from './lib/net';
import { requireCommand } from './system-deps';

const run = promisify(execFile);

export interface RadosGwOptions {
  bucket?: string;
  /** Seconds to wait for the cluster and the gateway. */
  startTimeoutSeconds?: number;
  log?: (line: string) => void;
}

/** The settings of the API's S3 image store (apps/api/src/images/s3-image-store.ts) for this server. */
export interface S3Settings {
  IMAGES_S3_ENDPOINT: string;
  IMAGES_S3_REGION: string;
  IMAGES_S3_BUCKET: string;
  IMAGES_S3_ACCESS_KEY_ID: string;
  IMAGES_S3_SECRET_ACCESS_KEY: string;
  IMAGES_S3_FORCE_PATH_STYLE: string;
}

export interface RunningRadosGw {
  env: S3Settings;
  /** The temporary directory of the cluster (configuration, logs). */
  dir: string;
  /** Stops the daemons and deletes their files; safe to call more than once. */
  stop(): Promise<void>;
}

const BUCKET = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;
/** radosgw's default zone group answers to any region name; this one is what the S3 clients expect first. */
const REGION = 'us-east-1';
/** Starts tried when another program takes one of the two ports between their pick and the daemons' bind. */
const ATTEMPTS = 3;

type Binaries = Record<'mon' | 'osd' | 'rgw' | 'admin' | 'ceph' | 'authtool' | 'monmaptool', string>;

/** A start that failed because a port picked free was taken before a daemon bound it: worth another try. */
class PortTaken extends Error {}

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });
}

/** Two different free loopback ports: the monitor's and the gateway's. */
async function twoPorts(): Promise<[number, number]> {
  const first = await freePort();
  let second = await freePort();
  while (second === first) second = await freePort();
  return [first, second];
}

export async function startRadosGw(options: RadosGwOptions = {}): Promise<RunningRadosGw> {
  const { bucket = 'images', log = () => undefined } = options;
  if (!BUCKET.test(bucket)) throw new Error(`radosgw: bucket must match ${BUCKET}`);
  const bin: Binaries = {
    mon: requireCommand('ceph-mon'),
    osd: requireCommand('ceph-osd'),
    rgw: requireCommand('radosgw'),
    admin: requireCommand('radosgw-admin'),
    ceph: requireCommand('ceph'),
    authtool: requireCommand('ceph-authtool'),
    monmaptool: requireCommand('monmaptool'),
  };
  for (let attempt = 1; ; attempt++) {
    try {
      return await startCluster(bin, { ...options, bucket, log });
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === ATTEMPTS) throw error;
      log(`radosgw: ${error.message}; starting again on other ports`);
    }
  }
}

async function startCluster(
  bin: Binaries,
  options: Required<Pick<RadosGwOptions, 'bucket' | 'log'>> & RadosGwOptions,
): Promise<RunningRadosGw> {
  const { bucket, log, startTimeoutSeconds = 60 } = options;
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'radosgw-'));
  const conf = join(dir, 'ceph.conf');
  const daemons = new Map<string, ChildProcess>();
  /** Aborts the cluster commands under way when a daemon exits by itself: they would wait for it until the timeout. */
  const daemonDied = new AbortController();
  let stopping = false;
  let stopped = false;

  const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
  const killNow = () => {
    for (const child of daemons.values()) if (alive(child)) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  // A crash or process.exit() in the caller must not leave daemons or files behind.
  process.once('exit', killNow);

  /** The data is thrown away: SIGKILL ends the daemons at once (a clean Ceph shutdown takes seconds). */
  const stop = async () => {
    if (stopped) return;
    stopped = stopping = true;
    process.removeListener('exit', killNow);
    const running = [...daemons.values()].filter(alive);
    for (const child of running) child.kill('SIGKILL');
    await Promise.all(running.map(exitOf));
    rmSync(dir, { recursive: true, force: true });
  };

  const logOf = (name: string, lines = 20) => {
    const file = join(dir, 'log', `${name}.log`);
    return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n') : '';
  };
  const portTaken = () =>
    existsSync(join(dir, 'log')) &&
    readdirSync(join(dir, 'log')).some((file) =>
      readFileSync(join(dir, 'log', file), 'utf8').includes('Address already in use'),
    );
  /** Why the start cannot go on: a daemon that exited by itself. */
  const failure = () => {
    for (const [name, child] of daemons) {
      if (!alive(child))
        return `${name} exited (${child.signalCode ?? `code ${child.exitCode}`}). Its log:\n${logOf(name)}`;
    }
    return undefined;
  };
  const daemon = (name: string, command: string, args: string[]) => {
    const child = spawn(command, ['-f', '-c', conf, ...args], { stdio: 'ignore' });
    daemons.set(name, child);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      log(`radosgw: ${name} exited by itself (${signal ?? `code ${code}`})`);
      daemonDied.abort();
    });
  };
  /** A command against the cluster; gives up with the failing daemon's log rather than waiting it out. */
  const admin = async (command: string, args: string[]) => {
    try {
      const { stdout } = await run(command, ['-c', conf, ...args], {
        timeout: startTimeoutSeconds * 1000,
        signal: daemonDied.signal,
      });
      return stdout;
    } catch (error) {
      throw new Error(
        `${command} ${args.slice(0, 3).join(' ')} failed: ${(error as Error).message}\n${failure() ?? ''}`,
      );
    }
  };

  try {
    const [monPort, rgwPort] = await twoPorts();
    const fsid = randomUUID();
    for (const sub of ['run', 'log', 'crash', 'rgw', 'mon.a', 'osd.0']) mkdirSync(join(dir, sub));
    writeFileSync(conf, cephConf(dir, fsid, monPort, rgwPort));

    // Keys: one keyring for the cluster's daemons and its admin, imported by the monitor when it is made.
    const keyring = join(dir, 'keyring');
    for (const index of CEPH_KEYS.keys()) await run(bin.authtool, authtoolArgs(keyring, index));
    const monmap = join(dir, 'monmap');
    await run(bin.monmaptool, [
      '--create',
      '--fsid',
      fsid,
      '--addv',
      'a',
      `[v2:127.0.0.1:${monPort}]`,
      monmap,
    ]);
    await run(bin.mon, ['-c', conf, '--mkfs', '-i', 'a', '--monmap', monmap, '--keyring', keyring]);
    daemon('mon.a', bin.mon, ['-i', 'a']);

    const osdUuid = randomUUID();
    const connect = ['--connect-timeout', String(startTimeoutSeconds)];
    const osdId = (await admin(bin.ceph, [...connect, 'osd', 'new', osdUuid])).trim();
    if (osdId !== '0') throw new Error(`radosgw: the new OSD got id ${osdId}, expected 0`);
    await admin(bin.osd, ['-i', '0', '--mkfs', '--osd-uuid', osdUuid]);
    daemon('osd.0', bin.osd, ['-i', '0']);
    daemon('client.rgw', bin.rgw, ['-n', 'client.rgw']);

    const endpoint = `http://127.0.0.1:${rgwPort}`;
    await waitForHttp(endpoint, { timeoutMs: startTimeoutSeconds * 1000, intervalMs: 100, abort: failure });
    // The user once the gateway answers: by then it has made its zone and pools. Made beside the gateway's start,
    // both made them at once and the start took 2–5 s longer, one time in three (measured).
    const accessKeyId = randomBytes(10).toString('hex').toUpperCase();
    const secretAccessKey = randomBytes(20).toString('base64url');
    const user = ['--uid', 'tests', '--display-name', 'tests', '--access-key', accessKeyId];
    await admin(bin.admin, ['user', 'create', ...user, '--secret', secretAccessKey]);

    const client = new S3Client({
      endpoint,
      region: REGION,
      forcePathStyle: true,
      credentials: { accessKeyId, secretAccessKey },
    });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    client.destroy();

    log(`radosgw ready in ${Date.now() - started} ms at ${endpoint}, bucket ${bucket} (cluster in ${dir})`);
    const env: S3Settings = {
      IMAGES_S3_ENDPOINT: endpoint,
      IMAGES_S3_REGION: REGION,
      IMAGES_S3_BUCKET: bucket,
      IMAGES_S3_ACCESS_KEY_ID: accessKeyId,
      IMAGES_S3_SECRET_ACCESS_KEY: secretAccessKey,
      IMAGES_S3_FORCE_PATH_STYLE: 'true',
    };
    return { env, dir, stop };
  } catch (error) {
    const taken = portTaken();
    await stop();
    throw taken ? new PortTaken(`a port was taken before its daemon bound it`) : error;
  }
}

if (require.main === module) {
  const json = process.argv.includes('--json');
  let gateway: RunningRadosGw | undefined;
  // Installed before the start: an end during it exits, and the start's exit handler kills what it began.
  // `on`, not `once`: a second signal during the stop must not kill this process before it deletes the files.
  const end = () => void (gateway?.stop() ?? Promise.resolve()).then(() => process.exit(0));
  process.on('SIGINT', end);
  process.on('SIGTERM', end);
  // Started by a test as a child process: stops when the test closes its end of the pipe, or dies.
  if (json) process.stdin.once('end', end).resume();
  startRadosGw({ log: (line) => console.error(line) }).then(
    (started) => {
      gateway = started;
      console.log(
        json
          ? JSON.stringify(started.env)
          : Object.entries(started.env)
              .map(([name, value]) => `${name}=${value}`)
              .join('\n'),
      );
    },
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
