// HTTP integration specs against a real database: SQLite by default, MySQL/MariaDB when DATABASE_URL is set.
// Specs whose subject does not touch the database's behaviour (the route table, SMTP and outbound connection checks,
// Discord deliveries, the HTTP layer's headers, Origin and Host checks, and the 401 of every private route to a
// visitor without a session) run on SQLite only: the MariaDB leg keeps every spec that reads or writes through the
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
// Two suites at a time (npm test passes --maxWorkers itself): a suite mostly waits on the database, sockets and
// timeouts. Each SQLite suite has its own file; on MySQL each worker has its own database (test/support/test-app.ts,
// mysqlUrl), which npm test and tools/mariadb.ts create.
module.exports = require('../../jest.preset.cjs').node(__dirname, 'api-integration', {
  maxWorkers: 2,
  testMatch: ['<rootDir>/test/**/*.integration-spec.ts'],
  testPathIgnorePatterns: process.env.DATABASE_URL
    ? ['/node_modules/', ...DATABASE_INDEPENDENT.map((file) => `/test/${file.replace(/\./g, '\\.')}$`)]
    : ['/node_modules/'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  testTimeout: 30000,
});
