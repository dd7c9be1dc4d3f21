// `npm run test:mutation` (second part): which behaviour of the webhook address policy (SSRF) and of the webhook
// signer no unit spec pins down. Both must stay at 90% or more.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { configFile: 'tools/stryker/notifier.jest.config.js', enableFindRelatedTests: false },
  coverageAnalysis: 'perTest',
  mutate: ['libs/webhook-deliveries/src/address-policy.ts', 'apps/notifier/src/signing/webhook-signer.ts'],
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/notifier.html' },
  // Read by tools/stryker/mutation-summary.js into docs/MUTATION.md.
  jsonReporter: { fileName: 'reports/mutation/notifier.json' },
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: '.stryker-tmp-notifier',
  cleanTempDir: 'always',
};
