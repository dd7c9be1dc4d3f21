// The unit specs of the sealed format and the payer-data helpers, for mutation testing (no servers).
const root = require('../../jest.config.js');

module.exports = {
  rootDir: '../..',
  testEnvironment: require.resolve('./fail-fast-environment.js'),
  roots: ['<rootDir>/libs/payer-data/src', '<rootDir>/libs/contracts/src'],
  testMatch: ['**/sealed-text.unit.spec.ts', '**/payer-data.unit.spec.ts'],
  moduleNameMapper: root.moduleNameMapper,
  transform: root.transform,
};
