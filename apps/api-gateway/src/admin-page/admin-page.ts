import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FastifyInstance } from 'fastify';
import { pageHeaders } from '../http/page-headers';

/** Where the operators' status page is served (outside the API prefix). */
export const ADMIN_PAGE_PATH = '/admin';

// Copied next to the compiled file by `npm run build` (scripts/copy-static-assets.js).
const PUBLIC_DIR = join(__dirname, 'public');

// The router ignores a trailing slash: /admin/ is /admin.
const FILES = [
  { paths: [ADMIN_PAGE_PATH], file: 'index.html', type: 'text/html; charset=utf-8' },
  { paths: [`${ADMIN_PAGE_PATH}/admin.css`], file: 'admin.css', type: 'text/css; charset=utf-8' },
  { paths: [`${ADMIN_PAGE_PATH}/admin.js`], file: 'admin.js', type: 'text/javascript; charset=utf-8' },
  { paths: [`${ADMIN_PAGE_PATH}/favicon.svg`], file: 'favicon.svg', type: 'image/svg+xml' },
];

const SECURITY_HEADERS = { ...pageHeaders("'none'"), 'cache-control': 'no-cache' };

/** The operators' status page: static files only; the page calls the admin API with the operator's token. */
export function serveAdminPage(fastify: FastifyInstance): void {
  for (const { paths, file, type } of FILES) {
    const content = readFileSync(join(PUBLIC_DIR, file));
    for (const path of paths) {
      fastify.get(path, (_request, reply) => reply.headers(SECURITY_HEADERS).type(type).send(content));
    }
  }
}
