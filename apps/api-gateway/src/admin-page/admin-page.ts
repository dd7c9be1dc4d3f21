import { join } from 'node:path';
import { FastifyInstance } from 'fastify';
import { serveConsolePage } from '../console-page/console-page';

/** Where the operators' status page is served (outside the API prefix). */
const ADMIN_PAGE_PATH = '/admin';

/** The operators' status page: the page calls the admin API with the operator's token. */
export function serveAdminPage(fastify: FastifyInstance): void {
  serveConsolePage(fastify, ADMIN_PAGE_PATH, join(__dirname, 'public'), ['admin.js']);
}
