import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import pvs from './tools/eslint/table-ownership.mjs';

/**
 * Which layer may import which. `layer:domain` (contracts, domain, sms-parsers): pure logic and types. `layer:platform`
 * (sql, event-store, messaging, observability): ports and their adapters, knowing nothing of any app's data.
 * `layer:data` (read-model, webhook-deliveries): an owning app's published tables — the schema and the readers others
 * use — which never reach into another owner's. `layer:application` (tenants). `layer:runtime`: what a running process
 * needs (clock, configuration, the infrastructure's tokens, leadership). `layer:boot`: the infrastructure chosen and
 * opened once at boot, for the apps' main files and the composition root. Apps import libs only; only the composition
 * root (`apps/embedded`) imports apps.
 */
const DEPENDENCY_RULES = [
  { sourceTag: 'layer:domain', onlyDependOnLibsWithTags: ['layer:domain'] },
  // The merchant client is published on its own: it imports nothing of the service.
  { sourceTag: 'scope:client', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'layer:testing', onlyDependOnLibsWithTags: ['layer:domain', 'layer:testing'] },
  { sourceTag: 'layer:platform', onlyDependOnLibsWithTags: ['layer:domain', 'layer:platform', 'layer:testing'] },
  { sourceTag: 'layer:data', onlyDependOnLibsWithTags: ['layer:domain', 'layer:platform'] },
  { sourceTag: 'layer:application', onlyDependOnLibsWithTags: ['layer:domain', 'layer:platform'] },
  { sourceTag: 'layer:runtime', onlyDependOnLibsWithTags: ['layer:domain', 'layer:platform', 'layer:testing'] },
  { sourceTag: 'layer:boot', onlyDependOnLibsWithTags: ['layer:domain', 'layer:platform', 'layer:data', 'layer:runtime', 'layer:testing'] },
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['layer:domain', 'layer:platform', 'layer:data', 'layer:application', 'layer:runtime', 'layer:boot', 'layer:testing'] },
  { sourceTag: 'type:composition', onlyDependOnLibsWithTags: ['type:lib', 'type:app'] },
];

/**
 * Who owns which table (docs/ARCHITECTURE.md, "Who owns which table"): only the owner's code writes it. The owners'
 * published libs hold the schemas their readers rely on; everything else only reads.
 */
const TABLE_OWNERS = [
  { prefix: 'es_', owner: 'libs/event-store', writers: ['libs/event-store/src/'] },
  { prefix: 'rm_', owner: 'apps/projector', writers: ['apps/projector/src/', 'libs/read-model/src/schema.ts'] },
  { prefix: 'mt_', owner: 'apps/matcher', writers: ['apps/matcher/src/'] },
  { prefix: 'rt_', owner: 'apps/matcher', writers: ['apps/matcher/src/matcher-schema.ts'] },
  { prefix: 'wh_', owner: 'apps/notifier', writers: ['apps/notifier/src/', 'libs/webhook-deliveries/src/schema.ts'] },
  { prefix: 'gw_', owner: 'apps/api-gateway', writers: ['apps/api-gateway/src/'] },
  { prefix: 'pd_', owner: 'libs/payer-data', writers: ['libs/payer-data/src/'] },
  { prefix: 'schema_migrations', owner: 'libs/sql', writers: ['libs/sql/src/'] },
];

export default [
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.nx/**', '.stryker-tmp*/**', 'reports/**'] },
  ...tseslint.configs.recommended,
  {
    // The pages' own scripts run in the browser as they are (no build step): a name no module declares is an error
    // here rather than a page that stops working.
    files: ['apps/api-gateway/src/**/public/**/*.js'],
    languageOptions: { sourceType: 'module', globals: globals.browser },
    rules: { 'no-undef': 'error' },
  },
  {
    files: ['apps/api-gateway/src/payment-links/pay-page/public/*.js'],
    languageOptions: { sourceType: 'script' },
  },
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': ['error', { depConstraints: DEPENDENCY_RULES }],
    },
  },
  {
    // The composition root alone imports apps (Nx refuses an import of an app unless allowed).
    files: ['apps/embedded/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': ['error', { allow: ['@pvs/api-gateway', '@pvs/projector', '@pvs/matcher', '@pvs/notifier'], depConstraints: DEPENDENCY_RULES }] },
  },
  {
    files: ['apps/*/src/**/*.ts'],
    ignores: ['apps/embedded/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@pvs/api-gateway', '@pvs/projector', '@pvs/matcher', '@pvs/notifier', '@pvs/embedded*'], message: 'Apps never import each other: share code through a lib.' }] }],
    },
  },
  {
    // The operators' CLI talks to the service over HTTP only.
    files: ['apps/cli/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@pvs/*'], message: 'The CLI talks HTTP only: it imports no app or lib.' }] }],
    },
  },
  {
    // Its end-to-end suites run it against the whole service, which they start (and import nothing else of it).
    files: ['apps/cli/src/**/*.e2e.spec.ts'],
    rules: {
      '@nx/enforce-module-boundaries': 'off',
      'no-restricted-imports': ['error', { patterns: [{ regex: '^@pvs/(?!embedded/testing$|testing$)', message: 'The CLI suites may only start the service (@pvs/embedded/testing).' }] }],
    },
  },
  {
    // The gateway's end-to-end suites sit beside the controllers they exercise and run the whole service, which
    // they start through the composition's test kit: that, and nothing else of another app. They read the webhooks
    // they receive as a merchant does, with the published client.
    files: ['apps/api-gateway/src/**/*.e2e.spec.ts'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', { allow: ['@pvs/embedded/testing', '@pvs/client'], depConstraints: DEPENDENCY_RULES }],
      'no-restricted-imports': ['error', { patterns: [{ regex: '^@pvs/(api-gateway|projector|matcher|notifier|embedded(?!/testing$))(/|$)', message: 'Apps never import each other: the gateway suites start the service through @pvs/embedded/testing only.' }] }],
    },
  },
  {
    files: ['apps/*/src/**/*.ts', 'libs/*/src/**/*.ts'],
    // Tests and test kits set up whatever state they test.
    ignores: ['**/*.spec.ts', '**/testing/**'],
    plugins: { pvs },
    rules: { 'pvs/table-ownership': ['error', { owners: TABLE_OWNERS, dynamicWriters: ['apps/projector/src/'] }] },
  },
  {
    files: ['**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];
