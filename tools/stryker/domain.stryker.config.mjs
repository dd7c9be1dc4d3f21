// `npm run test:mutation` (third part): which behaviour of the deciders and the matching rules no unit spec pins
// down. They decide every payment: 85% or more.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { configFile: 'tools/stryker/domain.jest.config.js', enableFindRelatedTests: false },
  coverageAnalysis: 'perTest',
  mutate: ['libs/domain/src/**/*.ts', '!libs/domain/src/**/*.spec.ts', '!libs/domain/src/**/index.ts', '!libs/domain/src/testing/**'],
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/domain.html' },
  // Read by tools/stryker/mutation-summary.js into docs/MUTATION.md.
  jsonReporter: { fileName: 'reports/mutation/domain.json' },
  thresholds: { high: 95, low: 85, break: 85 },
  tempDirName: '.stryker-tmp-domain',
  cleanTempDir: 'always',
};
