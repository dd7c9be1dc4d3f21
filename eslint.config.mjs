import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

export default [
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.nx/**', '.stryker-tmp/**', 'reports/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          // The composition root may assemble the apps; the rule below keeps apps from importing each other.
          allow: ['@pvs/api-gateway', '@pvs/projector', '@pvs/matcher', '@pvs/notifier'],
          depConstraints: [
            // Domain libraries hold pure logic and types: they import no infrastructure.
            { sourceTag: 'scope:domain', onlyDependOnLibsWithTags: ['scope:domain'] },
            // The merchant client is published on its own: it imports nothing of the service.
            { sourceTag: 'scope:client', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'scope:infrastructure', onlyDependOnLibsWithTags: ['scope:domain', 'scope:infrastructure'] },
            { sourceTag: 'scope:application', onlyDependOnLibsWithTags: ['scope:domain', 'scope:infrastructure', 'scope:application'] },
            // Apps never import each other; only the composition root assembles them.
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:composition', onlyDependOnLibsWithTags: ['type:lib', 'type:app'] },
          ],
        },
      ],
    },
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
    files: ['**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];
