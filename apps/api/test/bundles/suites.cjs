// The integration suites and how `nx run api:integration` (npm test) runs them: in a few bundles, each one Jest test
// file that requires several suites, so a worker loads the API's modules once per bundle instead of once per suite
// (about 2 s of CPU each: Nest, TypeORM and every module of the app). Each suite still starts its own app, inside a
// describe of its own, so its hooks and its app stay its own. `npx jest -c apps/api/jest.integration.config.cjs
// <suite>` runs one suite alone, as before.
const { readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const TEST_DIR = join(__dirname, '..');

// Suites whose subject does not touch the database's behaviour (the route table, SMTP and outbound connection checks,
// Discord deliveries, the image store's backends, the HTTP layer's headers, Origin and Host checks, and the 401 of
// every private route to a visitor without a session) run on SQLite only: the MariaDB leg keeps every suite that reads or writes through the
// database, and npm test stays within its time budget (docs/testing.md).
const DATABASE_INDEPENDENT = [
  'api-paths.integration-spec.ts',
  'email.integration-spec.ts',
  'image-store.integration-spec.ts',
  'integrations.integration-spec.ts',
  'route-guards.integration-spec.ts',
  'security.integration-spec.ts',
  'site-origin.integration-spec.ts',
  'youtube-notifications.integration-spec.ts',
];

/** How many bundles a leg is cut into: enough for two workers to end together, few enough to load little. */
const BUNDLES = 4;

/** The suites of this leg (every one on SQLite; the database-dependent ones on MySQL). */
function legSuites(mysql) {
  return readdirSync(TEST_DIR)
    .filter((file) => file.endsWith('.integration-spec.ts'))
    .filter((file) => !mysql || !DATABASE_INDEPENDENT.includes(file))
    .sort();
}

/**
 * The suites of bundle `n` (1-based): the longest suites first, each to the lightest bundle so far (by source size,
 * which follows a suite's run time closely enough to end the bundles about together).
 */
function bundleSuites(n, mysql = Boolean(process.env.DATABASE_URL)) {
  const sized = legSuites(mysql)
    .map((file) => ({ file, size: statSync(join(TEST_DIR, file)).size }))
    .sort((a, b) => b.size - a.size || a.file.localeCompare(b.file));
  const bins = Array.from({ length: BUNDLES }, () => ({ size: 0, files: [] }));
  for (const suite of sized) {
    const lightest = bins.reduce((min, bin) => (bin.size < min.size ? bin : min));
    lightest.files.push(suite.file);
    lightest.size += suite.size;
  }
  return bins[n - 1].files.sort().map((file) => join(TEST_DIR, file));
}

module.exports = { BUNDLES, DATABASE_INDEPENDENT, bundleSuites, legSuites };
