const preset = require('../../jest.preset.cjs');

// The browser app's specs (jsdom) and its server's (Node: server/, which wait on sockets and timers).
module.exports = {
  projects: [
    preset.web(__dirname, 'web', { setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'] }),
    preset.node(__dirname, 'web-server', { testMatch: ['<rootDir>/server/**/*.spec.ts'] }),
  ],
};
