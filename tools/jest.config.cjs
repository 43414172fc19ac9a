// Unit tests of the dev/CI tooling (serve, system-deps, the workspace.json plugin, lint rules).
module.exports = require('../jest.preset.cjs').node(__dirname, 'tools', {
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  testTimeout: 60000,
  // Most of these specs wait on sockets and timers (a 10 s header timeout, a body trickled a byte every 2 s), not
  // the CPU: three files at a time finish in about a third of the time Jest's default (cores - 1) takes on two cores.
  maxWorkers: 3,
});
