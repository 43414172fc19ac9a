// Unit tests of the dev/CI tooling (serve, system-deps, the workspace.json plugin, lint rules).
module.exports = require('../jest.preset.cjs').node(__dirname, 'tools', {
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  testTimeout: 60000,
});
