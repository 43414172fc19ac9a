module.exports = require('../../tools/jest/preset.cjs').web(__dirname, 'web', {
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
});
