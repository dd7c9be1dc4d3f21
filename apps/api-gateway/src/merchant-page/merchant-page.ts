import { join } from 'node:path';
import { FastifyInstance } from 'fastify';
import { serveConsolePage } from '../console-page/console-page';

/** The merchants' page: a shop owner creates, shares and watches payment links with the shop's API key. */
export function serveMerchantPage(fastify: FastifyInstance): void {
  serveConsolePage(fastify, '/merchant', join(__dirname, 'public'), ['merchant.js', 'merchant.css']);
}
