module.exports = require('../../tools/jest/preset.cjs').node(__dirname, 'api');
