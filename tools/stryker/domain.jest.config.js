// The unit specs of the domain library (the deciders, the matching rules, ids), for mutation testing (no servers);
// the deciders' and the ledger's property suites are left out, as for the SMS parser: too slow to rerun for every
// mutant. The receiving-account kinds are pinned by properties alone, in about a second: those run.
const root = require('../../jest.config.js');

module.exports = {
  rootDir: '../..',
  testEnvironment: require.resolve('./fail-fast-environment.js'),
  roots: ['<rootDir>/libs/domain/src'],
  testMatch: ['**/*.unit.spec.ts'],
  testPathIgnorePatterns: ['/deciders\\.property\\.unit\\.spec\\.ts$', '/ledger\\.property\\.unit\\.spec\\.ts$'],
  moduleNameMapper: root.moduleNameMapper,
  transform: root.transform,
};
