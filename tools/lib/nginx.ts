/**
 * Runs apps/web/nginx.conf with the system's nginx for tests: the server block inside a minimal
 * main config, listening on a free port, in front of the web server the test names. `nginxBinary()`
 * is undefined where nginx is not installed (the specs then skip).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { freePort } from './net';
import { repoRoot } from './paths';

export const NGINX_CONF = join(repoRoot, 'apps/web/nginx.conf');

export function nginxBinary(): string | undefined {
  for (const candidate of [
    process.env.NGINX_BIN,
    '/usr/sbin/nginx',
    '/usr/local/sbin/nginx',
    '/usr/bin/nginx',
  ]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export interface RunningNginx {
  port: number;
  url: string;
  /** nginx's error log so far. */
  errorLog(): string;
  stop(): Promise<void>;
}

export interface NginxOptions {
  /** host:port of the web app's server (the conf's `server web:4200;`), or of what stands in for it. */
  web: string;
  /** The port to listen on (default: a free one). */
  port?: number;
  /** Another config to run (a benchmark's static server); `root /usr/share/nginx/html;` is then `root`. */
  conf?: string;
  root?: string;
  /** Listen with TLS, with this certificate and key (PEM files): a TLS-terminating proxy. */
  tls?: { cert: string; key: string };
}

/** The server block of apps/web/nginx.conf, placed into a main config a normal user can run. */
export function testNginxConfig(
  serverBlock: string,
  dir: string,
  port: number,
  options: NginxOptions,
): string {
  const replace = (text: string, from: string, to: string) => {
    if (!text.includes(from)) throw new Error(`nginx.conf no longer contains "${from}"`);
    return text.replace(from, to);
  };
  let server = serverBlock;
  if (server.includes('server web:4200;'))
    server = replace(server, 'server web:4200;', `server ${options.web};`);
  server = replace(
    server,
    'listen 80;',
    options.tls
      ? `listen 127.0.0.1:${port} ssl; ssl_certificate ${options.tls.cert}; ssl_certificate_key ${options.tls.key};`
      : `listen 127.0.0.1:${port};`,
  );
  if (options.root) server = replace(server, 'root /usr/share/nginx/html;', `root ${options.root};`);
  server = server.replace(
    /proxy_cache_path \/var\/cache\/nginx\/(\w+) /g,
    `proxy_cache_path ${dir}/$1-cache `,
  );
  const mimeTypes = existsSync('/etc/nginx/mime.types') ? 'include /etc/nginx/mime.types;' : '';
  return [
    'daemon off;',
    'master_process off;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log info;`,
    'events { worker_connections 256; }',
    'http {',
    `  ${mimeTypes}`,
    '  default_type application/octet-stream;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${dir}/${kind};`,
    ),
    server,
    '}',
  ].join('\n');
}

function accepts(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      answer(true);
    });
    socket.once('error', () => answer(false));
  });
}

/** Starts nginx with apps/web/nginx.conf (or `options.conf`) and waits until it answers. */
export async function startNginx(binary: string, options: NginxOptions): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-spec-'));
  // The workers of a root-started nginx run as nobody.
  chmodSync(dir, 0o755);
  const port = options.port ?? (await freePort());
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, testNginxConfig(options.conf ?? readFileSync(NGINX_CONF, 'utf8'), dir, port, options));
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const errorLog = () => {
    try {
      return readFileSync(join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  try {
    const deadline = Date.now() + 10_000;
    while (!(await accepts(port))) {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}${errorLog()}`);
      if (Date.now() > deadline) throw new Error(`nginx not listening after 10 s: ${errorLog()}`);
      await new Promise((wait) => setTimeout(wait, 50));
    }
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    url,
    errorLog,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        const killer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(killer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
