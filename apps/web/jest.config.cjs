const preset = require('../../jest.preset.cjs');

const webServer = preset.node(__dirname, 'web-server', { testMatch: ['<rootDir>/server/**/*.spec.ts'] });
// The server loads the rendering entry as the build makes it, an ES module, with `import(file URL)`: its specs'
// stand-in entries are ES modules too, which Jest compiles (`.mjs`) and finds by the URL's path.
webServer.transform = { '^.+\\.(t|j|mj)s$': webServer.transform['^.+\\.(t|j)s$'] };
webServer.moduleNameMapper = { ...webServer.moduleNameMapper, '^file://(/.*)$': '$1' };

// The browser app's specs (jsdom) and its server's (Node: server/, which wait on sockets and timers).
module.exports = {
  // Two at a time: the server's specs mostly wait on sockets and timers (web-app.spec.ts sits through real 10 s
  // timeouts), and with Jest's default of one worker on two cores they ran after the browser specs instead of beside.
  maxWorkers: 2,
  projects: [
    preset.web(__dirname, 'web', { setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'] }),
    webServer,
  ],
};
