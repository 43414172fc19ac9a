// HTTP integration specs against a real database: SQLite by default, MySQL/MariaDB when DATABASE_URL is set.
// `nx run api:integration` (npm test) sets INTEGRATION_BUNDLED=1 and runs the suites in bundles
// (test/bundles/suites.cjs says why and how); run alone, `jest -c` this file runs each suite as its own test file.
const { DATABASE_INDEPENDENT } = require('./test/bundles/suites.cjs');

const bundled = process.env.INTEGRATION_BUNDLED === '1';
// Two test files at a time (npm test passes --maxWorkers itself): a suite mostly waits on the database, sockets and
// timeouts. Each SQLite suite has its own file; on MySQL each worker has its own database (test/support/test-app.ts,
// mysqlUrl), which npm test and tools/mariadb.ts create.
module.exports = require('../../jest.preset.cjs').node(__dirname, 'api-integration', {
  maxWorkers: 2,
  testMatch: bundled
    ? ['<rootDir>/test/bundles/*.bundle-spec.ts']
    : ['<rootDir>/test/**/*.integration-spec.ts'],
  testPathIgnorePatterns:
    process.env.DATABASE_URL && !bundled
      ? ['/node_modules/', ...DATABASE_INDEPENDENT.map((file) => `/test/${file.replace(/\./g, '\\.')}$`)]
      : ['/node_modules/'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  testTimeout: 30000,
});
