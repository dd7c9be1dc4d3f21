import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorResponse } from './api-error';

interface KnownPath {
  readonly pattern: RegExp;
  readonly methods: Set<string>;
}

const toPattern = (url: string) =>
  new RegExp(`^${url.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}/?$`);

/**
 * 405 with an Allow header for a known path asked with a method it does not serve (RFC 9110
 * 15.5.6); unknown paths stay 404. Answered before the body is read.
 */
export function answerMethodNotAllowed(fastify: FastifyInstance): void {
  const known = new Map<string, KnownPath>();
  fastify.addHook('onRoute', (route) => {
    const entry = known.get(route.url) ?? { pattern: toPattern(route.url), methods: new Set<string>() };
    for (const method of [route.method].flat()) entry.methods.add(method);
    known.set(route.url, entry);
  });
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.url !== undefined) return;
    const path = request.url.split('?')[0];
    const allowed = [...known.values()].filter((entry) => entry.pattern.test(path)).flatMap((entry) => [...entry.methods]);
    if (allowed.length === 0) return;
    const allow = [...new Set(allowed)].sort().join(', ');
    await reply.code(405).header('allow', allow).send(ErrorResponse.of(`Method ${request.method} is not allowed here; allowed: ${allow}`));
  });
}
