/**
 * A fresh clone's `npm install` leaves package-lock.json as it is: every optional, platform-specific package
 * npm may resolve (for another OS or CPU too) is already recorded. Without them npm adds them on the first
 * install, and `git status` shows a modified lockfile.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/paths';

interface LockedPackage {
  version?: string;
  optionalDependencies?: Record<string, string>;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
}
const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockedPackage>;
};

/** Where npm looks for `name` required from the package at `from` (nested first, then up to the root). */
function resolvedPath(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up === -1 ? '' : dir.slice(0, up);
  }
}

describe('package-lock.json', () => {
  it('is a lockfile v3', () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it('records every optional dependency of every package, for every platform', () => {
    const missing: string[] = [];
    for (const [path, pkg] of Object.entries(lock.packages)) {
      for (const name of Object.keys(pkg.optionalDependencies ?? {})) {
        if (!resolvedPath(path, name)) missing.push(`${name} (optional dependency of ${path || 'the root'})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
