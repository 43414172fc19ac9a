import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const repoRoot = resolve(__dirname, '../../../..');

/** The `IMAGES_S3_*` settings of a running S3-compatible server. */
export type S3Env = Record<
  | 'IMAGES_S3_ENDPOINT'
  | 'IMAGES_S3_REGION'
  | 'IMAGES_S3_BUCKET'
  | 'IMAGES_S3_ACCESS_KEY_ID'
  | 'IMAGES_S3_SECRET_ACCESS_KEY'
  | 'IMAGES_S3_FORCE_PATH_STYLE',
  string
>;

/**
 * A throwaway radosgw (Ceph's S3 server on a one-node cluster) from tools/radosgw.ts, run as its CLI in a child
 * process (the API project may not import tools code). Closing the child's stdin stops it and deletes its files; so
 * does the end of this process, however it ends, since that closes the pipe.
 */
export async function startRadosGw(): Promise<{ env: S3Env; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    join(repoRoot, 'node_modules/.bin/tsx'),
    [join(repoRoot, 'tools/radosgw.ts'), '--json'],
    { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const env = await new Promise<S3Env>((resolveEnv, reject) => {
    // Not started in time: closing its input stops it and deletes what it made so far.
    const timer = setTimeout(() => {
      child.stdin?.end();
      reject(new Error(`tools/radosgw.ts did not start in 90 s: ${stderr}`));
    }, 90_000);
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      try {
        resolveEnv(JSON.parse(line) as S3Env);
      } catch {
        reject(new Error(`tools/radosgw.ts printed ${line} ${stderr}`));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`tools/radosgw.ts exited with ${code}: ${stderr}`));
    });
  });
  return {
    env,
    stop: async () => {
      child.stdin?.end();
      await exited;
    },
  };
}
