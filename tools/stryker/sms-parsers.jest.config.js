// The SMS parser's unit specs alone, as one test file (sms-parsers.suite.spec.ts), for mutation testing: no servers,
// no global setup.
const root = require('../../jest.config.js');

module.exports = {
  rootDir: '../..',
  testEnvironment: require.resolve('./fail-fast-environment.js'),
  roots: ['<rootDir>/tools/stryker'],
  testMatch: ['**/sms-parsers.suite.spec.ts'],
  moduleNameMapper: root.moduleNameMapper,
  transform: root.transform,
};
