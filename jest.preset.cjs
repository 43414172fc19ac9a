// Shared Jest settings: @swc/jest with decorator metadata (Nest DI) and the workspace path aliases.
const path = require('node:path');

const root = __dirname;
const swc = (react) => [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: react, decorators: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        ...(react ? { react: { runtime: 'automatic' } } : {}),
      },
    },
    module: { type: 'commonjs' },
  },
];
const moduleNameMapper = {
  '^@app/contracts$': path.join(root, 'libs/contracts/src/index.ts'),
  '^@app/contracts/([\\w/-]+)$': path.join(root, 'libs/contracts/src/$1.ts'),
  '^@app/node-server$': path.join(root, 'libs/node-server/src/index.ts'),
  '^@app/node-server/([\\w-]+)$': path.join(root, 'libs/node-server/src/$1.ts'),
};

// ESM-only packages the API uses: Node 20.19+ require()s them, Jest's module loader does not, so swc compiles them.
// (otplib has a CommonJS build; its plugins, @scure/base and their copy of @noble/hashes are ESM only.)
const esmOnly = ['feed', '@otplib', '@scure/base', '@noble/hashes', 'media-captions'];

exports.node = (dir, name, extra = {}) => ({
  displayName: name,
  rootDir: dir,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)s$': swc(false) },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  ...extra,
});

exports.web = (dir, name, extra = {}) => ({
  displayName: name,
  rootDir: dir,
  testEnvironment: 'jsdom',
  transform: { '^.+\\.(t|j)sx?$': swc(true) },
  moduleNameMapper: { ...moduleNameMapper, '\\.(css)$': 'identity-obj-proxy' },
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'],
  // A hang detector, not a speed target: a dialog's open, a save and its toast take 1–3 s in jsdom on a quiet
  // machine, past Jest's 5 s when the unit step shares two cores with the other projects.
  testTimeout: 15_000,
  ...extra,
});
