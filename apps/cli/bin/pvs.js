#!/usr/bin/env node
// `npx pvs` (the `bin` of the root package.json): runs the CLI straight from its TypeScript sources,
// compiled in memory by SWC as each file loads, so it needs no build step and is never stale.
const { readFileSync } = require('node:fs');
const { transformSync } = require('@swc/core');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

require('../src/main.ts');
