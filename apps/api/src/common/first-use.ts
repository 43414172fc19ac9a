import { createRequire } from 'node:module';

/** Node's own `require` (and its module cache), whoever loads this module: `npm run dev`'s swc hook too. */
export const nodeRequire = createRequire(__filename);

/**
 * A package loaded when it is first used, not when the API starts: for what few requests need (passkeys, e-mail,
 * the two-factor QR code). Loaded at start they kept about 11 MB of memory and 5 MB of heap for the life of the
 * process, and a larger heap sets V8's next collection later, so a sync peaked higher
 * (`npx tsx tools/bench/sync.ts --db mysql`). The first use costs the package's loading time once (about 0.1 s).
 */
export function onFirstUse<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= nodeRequire(id) as T);
}
