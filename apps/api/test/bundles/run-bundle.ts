import { basename } from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { bundleSuites } = require('./suites.cjs') as { bundleSuites: (n: number) => string[] };

/** Registers the suites of bundle `n`, each inside a describe named after its file (its hooks stay its own). */
export function runBundle(n: number): void {
  for (const file of bundleSuites(n))
    describe(basename(file), () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(file);
    });
}
