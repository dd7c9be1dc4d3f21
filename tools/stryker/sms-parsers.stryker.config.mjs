// `npm run test:mutation`: which behaviour of the SMS parser no unit spec pins down. Mutants of module-level data
// (the lexicon's word lists, the institutions) are left out (`ignoreStatic`): each would need the whole suite rerun,
// and `lexicon/guards.unit.spec.ts` checks every non-payment phrase against a credit it must turn into a rejection.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { configFile: 'tools/stryker/sms-parsers.jest.config.js', enableFindRelatedTests: false },
  coverageAnalysis: 'all',
  mutate: ['libs/sms-parsers/src/**/*.ts', '!libs/sms-parsers/src/**/*.spec.ts', '!libs/sms-parsers/src/testing/**', '!libs/sms-parsers/src/cli/parse-sms.cli.ts'],
  concurrency: 2,
  timeoutMS: 20000,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/sms-parsers.html' },
  thresholds: { high: 90, low: 85, break: 85 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
