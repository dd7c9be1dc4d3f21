// `npm run test:mutation` (second part): which behaviour of the webhook address policy (SSRF) and of the webhook
// signer no unit spec pins down. Both must stay at 90% or more.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { configFile: 'tools/stryker/notifier.jest.config.js', enableFindRelatedTests: false },
  coverageAnalysis: 'perTest',
  mutate: ['apps/notifier/src/delivery-http/address-policy.ts', 'apps/notifier/src/signing/webhook-signer.ts'],
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/notifier.html' },
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: '.stryker-tmp-notifier',
  cleanTempDir: 'always',
};
