// `npm run test:mutation` (payer data): which behaviour of the sealed format and of the payer-data helpers no unit spec
// pins down: a text opened under another tenant's or subject's key, a number not found in an SMS, is a payer's data
// shown or kept where it must not be.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { configFile: 'tools/stryker/privacy.jest.config.js', enableFindRelatedTests: false },
  coverageAnalysis: 'perTest',
  mutate: ['libs/payer-data/src/sealed-text.ts', 'libs/contracts/src/payer-data.ts'],
  concurrency: 2,
  timeoutMS: 5000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/privacy.html' },
  // Read by tools/stryker/mutation-summary.js into docs/MUTATION.md.
  jsonReporter: { fileName: 'reports/mutation/privacy.json' },
  thresholds: { high: 95, low: 85, break: 85 },
  tempDirName: '.stryker-tmp-privacy',
  cleanTempDir: 'always',
};
