module.exports = require('../../jest.preset.cjs').web(__dirname, 'web', {
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
});
