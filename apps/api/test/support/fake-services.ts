import type { FakeGoogleStartedLine } from '@app/contracts/fake-google';
import type {
  FakeDiscordStartedLine,
  FakeMailchimpStartedLine,
  FakeServiceFault,
  FakeServiceRequest,
} from '@app/contracts/fake-services';
import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The fake Discord, fake Mailchimp and fake Google of tools/, run as their CLIs in child processes (the API project
 * may not import tools code) and driven over their control API (`/__fake`).
 */

const repoRoot = resolve(__dirname, '../../../..');

export interface FakeService<Info> {
  info: Info;
  setFault(fault: FakeServiceFault | null): Promise<void>;
  requests(): Promise<FakeServiceRequest[]>;
  reset(): Promise<void>;
  /** Any route of the fake's own control API, e.g. `control('POST', 'grants/revoke')`. */
  control<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
}

export async function startFake<Info extends { controlUrl: string }>(
  script: string,
  args: string[] = [],
): Promise<FakeService<Info>> {
  const child: ChildProcess = spawn(
    join(repoRoot, 'node_modules/.bin/tsx'),
    [join(repoRoot, script), '--json', '--port', '0', ...args],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const info = await new Promise<Info>((resolveInfo, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`${script} did not start: ${stderr}`)), 20_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      try {
        resolveInfo(JSON.parse(line) as Info);
      } catch {
        reject(new Error(`${script} printed ${line} ${stderr}`));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}: ${stderr}`));
    });
  });
  const control = async <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${info.controlUrl}/${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as T;
    if (!response.ok) throw new Error(`fake control ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  return {
    info,
    setFault: async (fault) => {
      await control('POST', 'fault', fault);
    },
    requests: () => control<FakeServiceRequest[]>('GET', 'requests'),
    reset: async () => {
      await control('POST', 'reset');
    },
    control,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

export const startFakeDiscord = () => startFake<FakeDiscordStartedLine>('tools/fake-discord/server.ts');
export const startFakeMailchimp = () => startFake<FakeMailchimpStartedLine>('tools/fake-mailchimp/server.ts');
export const startFakeGoogle = (args: string[] = []) =>
  startFake<FakeGoogleStartedLine>('tools/fake-google/server.ts', args);
