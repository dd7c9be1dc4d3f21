// One Jest run for every suite; tiers are told apart by suffix (.unit/.int/.e2e.spec.ts).
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [`^${alias}$`, `<rootDir>/${target}`]),
);

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/tools'],
  testMatch: ['**/*.spec.ts'],
  // The mutation-testing entry only gathers unit specs that already run here. The probes (*.probe.e2e.spec.ts: kill -9
  // under load, thousands of fuzzed requests; about four minutes) run by themselves: `npm run test:probes`.
  ...(process.env.PVS_PROBES === '1'
    ? { testMatch: ['**/*.probe.e2e.spec.ts'], testPathIgnorePatterns: ['/node_modules/'] }
    : { testPathIgnorePatterns: ['/node_modules/', '<rootDir>/tools/stryker/sms-parsers.suite.spec.ts', '\\.probe\\.e2e\\.spec\\.ts$'] }),
  moduleNameMapper,
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  globalSetup: '<rootDir>/tools/jest/global-setup.js',
  globalTeardown: '<rootDir>/tools/jest/global-teardown.js',
  reporters: ['default', '<rootDir>/tools/jest/summary-reporter.js'],
  testTimeout: 30000,
  // One test file at a time still (two cores, and suites that start services), but in a worker that is replaced once
  // it holds more than this after a file: run in band, the one process grew past 2 GB and every later suite slowed.
  workerIdleMemoryLimit: '1GB',
};
