// The merchant client's unit specs, for mutation testing (no servers).
const root = require('../../jest.config.js');

module.exports = {
  rootDir: '../..',
  testEnvironment: require.resolve('./fail-fast-environment.js'),
  roots: ['<rootDir>/libs/client/src'],
  testMatch: ['**/*.unit.spec.ts'],
  moduleNameMapper: root.moduleNameMapper,
  transform: root.transform,
};
