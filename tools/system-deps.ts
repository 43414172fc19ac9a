/**
 * The Debian packages `npm test` needs besides node_modules: MariaDB (integration leg on
 * MySQL), Chromium (Lighthouse) and its headless shell (Playwright), docker-compose v1 (validates docker-compose.yml), nginx and
 * wrk (apps/web/nginx.conf run in tests and in the web-server benchmark), and Ceph's radosgw with a monitor and an
 * OSD (the S3-compatible server of the image store's tests, tools/radosgw.ts).
 * Missing ones are installed with apt-get when running as root; otherwise we stop and say
 * what to install.
 *
 *   tsx tools/system-deps.ts
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface SystemPackage {
  /** Debian package that provides the files. */
  name: string;
  /** Commands looked up on PATH (plus the sbin directories) or absolute paths. */
  needs: string[];
}

/** Debian's Chromium headless shell, which Playwright drives in the browser tests. */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export const SYSTEM_PACKAGES: SystemPackage[] = [
  { name: 'mariadb-server', needs: ['mariadbd', 'mariadb-install-db', 'mariadb-admin', 'mariadb'] },
  { name: 'chromium', needs: ['/usr/bin/chromium'] },
  // The browser tests' Chromium: the same build without the full browser around its renderer (docs/testing.md).
  { name: 'chromium-headless-shell', needs: [HEADLESS_SHELL] },
  { name: 'docker-compose', needs: ['docker-compose'] },
  { name: 'nginx', needs: ['nginx'] },
  { name: 'wrk', needs: ['wrk'] },
  // tools/radosgw.ts: the gateway, and the one-node cluster under it (the monitor package brings the cluster tools).
  { name: 'radosgw', needs: ['radosgw'] },
  { name: 'ceph-mon', needs: ['ceph-mon', 'monmaptool', 'ceph-authtool', 'ceph', 'radosgw-admin'] },
  { name: 'ceph-osd', needs: ['ceph-osd'] },
];

/** mariadbd lives in /usr/sbin, which is not on a normal user's PATH. */
const EXTRA_DIRS = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Absolute path of a command (PATH, then the sbin directories), or undefined. */
export function which(command: string): string | undefined {
  if (command.includes('/')) return isExecutable(command) ? command : undefined;
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...EXTRA_DIRS];
  return dirs.map((dir) => join(dir, command)).find(isExecutable);
}

/** Like `which`, but throws a message that names the package to install. */
export function requireCommand(command: string): string {
  const found = which(command);
  if (found) return found;
  const pkg = SYSTEM_PACKAGES.find((p) => p.needs.includes(command))?.name;
  throw new Error(
    `\`${command}\` not found${pkg ? `: install the Debian package ${pkg} (npm test does it as root)` : ''}`,
  );
}

export interface SystemDepsIo {
  uid: () => number;
  which: (command: string) => string | undefined;
  /** Runs a command with inherited output; returns its exit code. */
  run: (command: string, args: string[], env?: NodeJS.ProcessEnv) => number;
  log: (line: string) => void;
}

const defaultIo: SystemDepsIo = {
  uid: () => process.getuid?.() ?? -1,
  which,
  run: (command, args, env) => spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1,
  log: (line) => console.log(line),
};

export class SystemDepsError extends Error {}

export function missingPackages(
  io: Pick<SystemDepsIo, 'which'>,
  packages = SYSTEM_PACKAGES,
): SystemPackage[] {
  return packages.filter((pkg) => pkg.needs.some((need) => !io.which(need)));
}

function describe(pkg: SystemPackage, io: Pick<SystemDepsIo, 'which'>): string {
  return `${pkg.name} (missing: ${pkg.needs.filter((need) => !io.which(need)).join(', ')})`;
}

/**
 * Makes sure every system package is present. Returns the packages it installed;
 * throws SystemDepsError naming what to install when it cannot do so itself.
 */
export function ensureSystemDeps(
  partialIo: Partial<SystemDepsIo> = {},
  packages = SYSTEM_PACKAGES,
): string[] {
  const io = { ...defaultIo, ...partialIo };
  const missing = missingPackages(io, packages);
  if (missing.length === 0) {
    io.log(`System packages present: ${packages.map((p) => p.name).join(', ')}`);
    return [];
  }
  const names = missing.map((p) => p.name);
  if (io.uid() !== 0) {
    throw new SystemDepsError(
      [
        `Missing system packages: ${missing.map((p) => describe(p, io)).join('; ')}.`,
        `Install them as root, then run again:`,
        `  sudo apt-get update && sudo apt-get install -y ${names.join(' ')}`,
      ].join('\n'),
    );
  }
  io.log(`Installing missing system packages with apt-get: ${names.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (io.run('apt-get', ['update'], env) !== 0) throw new SystemDepsError('`apt-get update` failed');
  if (io.run('apt-get', ['install', '-y', ...names], env) !== 0) {
    throw new SystemDepsError(`\`apt-get install -y ${names.join(' ')}\` failed`);
  }
  const still = missingPackages(io, missing);
  if (still.length > 0) {
    throw new SystemDepsError(
      `Still missing after apt-get install: ${still.map((p) => describe(p, io)).join('; ')}`,
    );
  }
  return names;
}

if (require.main === module) {
  try {
    ensureSystemDeps();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
