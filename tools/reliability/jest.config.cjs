// Reliability tests: real API processes (the production build in dist/), real MariaDB, real signals.
module.exports = require('../../jest.preset.cjs').node(__dirname, 'reliability', {
  testMatch: ['<rootDir>/**/*.reliability-spec.ts'],
  testTimeout: 120_000,
});
