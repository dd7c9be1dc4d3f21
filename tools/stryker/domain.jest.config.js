// The unit specs of the domain library (the deciders, the matching rules, ids), for mutation testing (no servers);
// the property suite is left out, as for the SMS parser: too slow to rerun for every mutant.
const root = require('../../jest.config.js');

module.exports = {
  rootDir: '../..',
  testEnvironment: require.resolve('./fail-fast-environment.js'),
  roots: ['<rootDir>/libs/domain/src'],
  testMatch: ['**/*.unit.spec.ts'],
  testPathIgnorePatterns: ['\\.property\\.unit\\.spec\\.ts$'],
  moduleNameMapper: root.moduleNameMapper,
  transform: root.transform,
};
