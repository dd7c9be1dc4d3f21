// The unit specs of the notifier's two security-critical pure modules, for mutation testing (no servers).
const root = require('../../jest.config.js');

module.exports = {
  rootDir: '../..',
  testEnvironment: require.resolve('./fail-fast-environment.js'),
  roots: ['<rootDir>/apps/notifier/src', '<rootDir>/libs/webhook-deliveries/src'],
  testMatch: ['**/address-policy.unit.spec.ts', '**/webhook-signer.unit.spec.ts'],
  moduleNameMapper: root.moduleNameMapper,
  transform: root.transform,
};
