import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FastifyInstance } from 'fastify';
import { PAGE_HEADERS } from './page-http';
import { PAY_ASSETS_PATH } from './pay-page.view';

// Copied next to the compiled file by `npm run build` (scripts/copy-static-assets.js).
const PUBLIC_DIR = join(__dirname, 'public');

const ASSETS = [
  { file: 'pay.css', type: 'text/css; charset=utf-8' },
  { file: 'pay.js', type: 'text/javascript; charset=utf-8' },
];

/** The payer's page's own style and script, a few kilobytes each; cached for five minutes, so a new version arrives soon. */
export function servePayAssets(fastify: FastifyInstance): void {
  for (const { file, type } of ASSETS) {
    const content = readFileSync(join(PUBLIC_DIR, file));
    fastify.get(`${PAY_ASSETS_PATH}/${file}`, (_request, reply) => reply.headers({ ...PAGE_HEADERS, 'cache-control': 'public, max-age=300' }).type(type).send(content));
  }
}
