// `npm run test:mutation` (last part): which behaviour of the merchant client no unit spec pins down: above all
// the webhook check, where a guard deleted unnoticed would let a forged payment through.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { configFile: 'tools/stryker/client.jest.config.js', enableFindRelatedTests: false },
  coverageAnalysis: 'perTest',
  mutate: ['libs/client/src/webhooks.ts', 'libs/client/src/client.ts', 'libs/client/src/errors.ts'],
  concurrency: 2,
  timeoutMS: 5000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/client.html' },
  // Read by tools/stryker/mutation-summary.js into docs/MUTATION.md.
  jsonReporter: { fileName: 'reports/mutation/client.json' },
  thresholds: { high: 95, low: 85, break: 85 },
  tempDirName: '.stryker-tmp-client',
  cleanTempDir: 'always',
};
