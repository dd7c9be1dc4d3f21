// `npm run test:mutation`: which behaviour of the SMS parser no unit spec pins down. Every mutant runs the whole unit
// suite (gathered in one file, so a run costs the tests and not their loading), stopping at the first failure: the
// lexicon's word lists are module-level data, which per-test coverage cannot tell apart. Incremental: a rerun tests
// again only the mutants whose code or tests changed. Each mutant's result is also written as it comes
// (reports/mutation/events), so a run stopped early still tells what it found.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  jest: { configFile: 'tools/stryker/sms-parsers.jest.config.js', enableFindRelatedTests: false },
  coverageAnalysis: 'all',
  mutate: ['libs/sms-parsers/src/**/*.ts', '!libs/sms-parsers/src/**/*.spec.ts', '!libs/sms-parsers/src/testing/**', '!libs/sms-parsers/src/cli/*.cli.ts'],
  concurrency: 2,
  timeoutMS: 5000,
  reporters: ['clear-text', 'progress', 'html', 'event-recorder', 'json'],
  htmlReporter: { fileName: 'reports/mutation/sms-parsers.html' },
  // Read by tools/stryker/mutation-summary.js into docs/MUTATION.md.
  jsonReporter: { fileName: 'reports/mutation/sms-parsers.json' },
  eventReporter: { baseDir: 'reports/mutation/events' },
  thresholds: { high: 90, low: 85, break: 85 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
};
