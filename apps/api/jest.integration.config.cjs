// HTTP integration specs against a real database: SQLite by default, MySQL/MariaDB when DATABASE_URL is set.
module.exports = require('../../jest.preset.cjs').node(__dirname, 'api-integration', {
  testMatch: ['<rootDir>/test/**/*.integration-spec.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  testTimeout: 30000,
});
