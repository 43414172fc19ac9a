import { join, resolve } from 'node:path';

/** The repository root; every tool runs its commands from here. */
export const repoRoot = resolve(__dirname, '../..');

/** A binary installed by npm at the root, called directly (no `npx` start-up cost). */
export function bin(name: string): string {
  return join(repoRoot, 'node_modules', '.bin', name);
}
