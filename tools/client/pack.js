// `npm run client:pack`: builds the merchant client (libs/client) into a package folder of its own and packs it,
// printing the tarball's path. The package holds compiled JavaScript, its types, the README and the example: no
// code of the service.
const { execFileSync } = require('node:child_process');
const { cpSync, rmSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '../..');
const source = join(root, 'libs/client');
const staging = join(root, 'dist/client-package');

rmSync(staging, { recursive: true, force: true });
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(source, 'tsconfig.lib.json')], { stdio: 'inherit' });
for (const file of ['package.json', 'README.md', 'examples']) cpSync(join(source, file), join(staging, file), { recursive: true });
const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', join(root, 'dist')], { cwd: staging }).toString());
process.stdout.write(`${join(root, 'dist', packed.filename)}\n`);
