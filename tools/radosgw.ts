/**
 * A throwaway S3-compatible server for tests and by-hand runs: Ceph's RADOS Gateway (radosgw, Debian's packages
 * radosgw, ceph-mon and ceph-osd) on a one-node Ceph cluster, as Ceph's own vstart.sh makes one: a monitor, one OSD
 * keeping objects in memory (memstore), no manager, everything on loopback in a temporary directory. It creates a
 * user with a random key and a bucket, and deletes everything on stop, on errors and when the process exits.
 *
 *   tsx tools/radosgw.ts          prints IMAGES_S3_*=… (the API's S3 image store settings) and stays up until Ctrl-C
 *   tsx tools/radosgw.ts --json   prints them as one line of JSON (for tests that start it as a child process)
 *
 * Why radosgw: the test machines reach Debian's archive but not PyPI (moto) or Docker Hub (MinIO); radosgw is a
 * production S3 server (Ceph's), started in about 3 s with about 120 MB of memory for the three daemons.
 */
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
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

/**
 * The cluster's configuration. Lean on purpose (the test machines have two cores): one OSD in memory, pools of
 * one placement group and one copy, no manager, few threads, no background work in the gateway (garbage
 * collection, lifecycle, quota, resharding). `paxos propose interval` makes the monitor commit at once instead of
 * batching for a second: the gateway creates its pools one by one at start, so this takes the start from about
 * 12 s to about 3 s (measured).
 */
export function cephConf(dir: string, fsid: string, monPort: number, rgwPort: number): string {
  return `[global]
fsid = ${fsid}
mon host = v2:127.0.0.1:${monPort}
public addr = 127.0.0.1
ms bind ipv6 = false
ms async op threads = 1
keyring = ${dir}/keyring
run dir = ${dir}/run
admin socket = ${dir}/run/$name.asok
pid file = ${dir}/run/$name.pid
log file = ${dir}/log/$name.log
crash dir = ${dir}/crash
auth allow insecure global id reclaim = false
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 1
osd pool default pgp num = 1
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon warn on pool no redundancy = false
mon max pg per osd = 1000
mon data avail warn = 0
mon data avail crit = 0
paxos propose interval = 0.05

[mon]
mon data = ${dir}/mon.$id
mon cluster log file = ${dir}/log/cluster.log

[osd]
osd data = ${dir}/osd.$id
osd objectstore = memstore
memstore device bytes = 1073741824
osd op num shards = 1
osd op num threads per shard = 1

[client.rgw]
rgw data = ${dir}/rgw
rgw frontends = beast endpoint=127.0.0.1:${rgwPort}
rgw thread pool size = 16
rgw cache lru size = 1000
rgw enable gc threads = false
rgw enable lc threads = false
rgw enable quota threads = false
rgw dynamic resharding = false
`;
}

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });
}

export async function startRadosGw(options: RadosGwOptions = {}): Promise<RunningRadosGw> {
  const { bucket = 'images', startTimeoutSeconds = 60, log = () => undefined } = options;
  if (!BUCKET.test(bucket)) throw new Error(`radosgw: bucket must match ${BUCKET}`);
  const bin = {
    mon: requireCommand('ceph-mon'),
    osd: requireCommand('ceph-osd'),
    rgw: requireCommand('radosgw'),
    admin: requireCommand('radosgw-admin'),
    ceph: requireCommand('ceph'),
    authtool: requireCommand('ceph-authtool'),
    monmaptool: requireCommand('monmaptool'),
  };
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'radosgw-'));
  const conf = join(dir, 'ceph.conf');
  const daemons = new Map<string, ChildProcess>();
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
      if (!stopping) log(`radosgw: ${name} exited by itself (${signal ?? `code ${code}`})`);
    });
  };
  /** A command against the cluster; gives up with the failing daemon's log rather than waiting it out. */
  const admin = async (command: string, args: string[]) => {
    try {
      const { stdout } = await run(command, ['-c', conf, ...args], { timeout: startTimeoutSeconds * 1000 });
      return stdout;
    } catch (error) {
      throw new Error(
        `${command} ${args.slice(0, 3).join(' ')} failed: ${(error as Error).message}\n${failure() ?? ''}`,
      );
    }
  };

  try {
    const [monPort, rgwPort] = [await freePort(), await freePort()];
    const fsid = randomUUID();
    for (const sub of ['run', 'log', 'crash', 'rgw', 'mon.a', 'osd.0']) mkdirSync(join(dir, sub));
    writeFileSync(conf, cephConf(dir, fsid, monPort, rgwPort));

    // Keys: one keyring for the cluster's three daemons and its admin, imported by the monitor when it is made.
    const keyring = join(dir, 'keyring');
    const keys: [string, string[]][] = [
      ['mon.', ['mon', 'allow *']],
      ['client.admin', ['mon', 'allow *', 'osd', 'allow *', 'mgr', 'allow *']],
      ['osd.0', ['mon', 'allow profile osd', 'osd', 'allow *', 'mgr', 'allow profile osd']],
      ['client.rgw', ['mon', 'allow rw', 'osd', 'allow rwx', 'mgr', 'allow rw']],
    ];
    for (const [index, [name, caps]] of keys.entries()) {
      const capArgs = caps.flatMap((value, i) => (i % 2 === 0 ? ['--cap', value] : [value]));
      await run(bin.authtool, [
        ...(index === 0 ? ['--create-keyring'] : []),
        keyring,
        '--gen-key',
        '-n',
        name,
        ...capArgs,
      ]);
    }
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
    const osdId = (
      await admin(bin.ceph, ['--connect-timeout', String(startTimeoutSeconds), 'osd', 'new', osdUuid])
    ).trim();
    if (osdId !== '0') throw new Error(`radosgw: the new OSD got id ${osdId}, expected 0`);
    await admin(bin.osd, ['-i', '0', '--mkfs', '--osd-uuid', osdUuid]);
    daemon('osd.0', bin.osd, ['-i', '0']);
    daemon('client.rgw', bin.rgw, ['-n', 'client.rgw']);

    const accessKeyId = randomBytes(10).toString('hex').toUpperCase();
    const secretAccessKey = randomBytes(20).toString('base64url');
    await admin(bin.admin, [
      'user',
      'create',
      '--uid',
      'tests',
      '--display-name',
      'tests',
      '--access-key',
      accessKeyId,
      '--secret',
      secretAccessKey,
    ]);
    const endpoint = `http://127.0.0.1:${rgwPort}`;
    await waitForHttp(endpoint, { timeoutMs: startTimeoutSeconds * 1000, intervalMs: 100, abort: failure });

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
    await stop();
    throw error;
  }
}

if (require.main === module) {
  const json = process.argv.includes('--json');
  startRadosGw({ log: (line) => !json && console.error(line) }).then(
    (gateway) => {
      console.log(
        json
          ? JSON.stringify(gateway.env)
          : Object.entries(gateway.env)
              .map(([name, value]) => `${name}=${value}`)
              .join('\n'),
      );
      // `on`, not `once`: a second signal during the stop must not kill this process before it deletes the files.
      const end = () => void gateway.stop().then(() => process.exit(0));
      process.on('SIGINT', end);
      process.on('SIGTERM', end);
      // Started by a test as a child process: stops when the test closes its end of the pipe.
      if (json) process.stdin.once('end', end).resume();
    },
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
