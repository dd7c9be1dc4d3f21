// Part of `npm run build`: tsc emits only JavaScript, so the files served as they are (the operators', merchants' and payers' pages)
// are copied beside the compiled code that serves them.
const { cpSync, rmSync } = require('node:fs');
const { join } = require('node:path');

const ASSET_FOLDERS = [
  'apps/api-gateway/src/console-page/public',
  'apps/api-gateway/src/admin-page/public',
  'apps/api-gateway/src/merchant-page/public',
  'apps/api-gateway/src/payment-links/pay-page/public',
];

const root = join(__dirname, '..');
for (const folder of ASSET_FOLDERS) {
  const target = join(root, 'dist', folder);
  rmSync(target, { recursive: true, force: true });
  cpSync(join(root, folder), target, { recursive: true });
}
