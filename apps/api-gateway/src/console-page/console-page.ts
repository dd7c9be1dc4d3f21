import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { FastifyInstance } from 'fastify';
import { pageHeaders } from '../http/page-headers';

// Each folder is copied next to the compiled file by `npm run build` (scripts/copy-static-assets.js).
const SHARED_DIR = join(__dirname, 'public');
const SHARED_FILES = ['console.css', 'page-kit.js', 'favicon.svg'];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};

const SECURITY_HEADERS = { ...pageHeaders("'none'"), 'cache-control': 'no-cache' };

/**
 * A console page (the operators', the merchants'): static files only, its `index.html` at `path` and every file
 * beside it under `path/`, with the shared style and script, so a page's relative imports resolve under its own path.
 * The page calls the API with the credential its user enters.
 */
export function serveConsolePage(fastify: FastifyInstance, path: string, folder: string, files: readonly string[]): void {
  const serve = (route: string, file: string) => {
    const content = readFileSync(file);
    const type = TYPES[extname(file)];
    // The router ignores a trailing slash: /admin/ is /admin.
    fastify.get(route, (_request, reply) => reply.headers(SECURITY_HEADERS).type(type).send(content));
  };
  serve(path, join(folder, 'index.html'));
  for (const file of files) serve(`${path}/${file}`, join(folder, file));
  for (const file of SHARED_FILES) serve(`${path}/${file}`, join(SHARED_DIR, file));
}
