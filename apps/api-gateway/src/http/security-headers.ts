import { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Headers every answer carries, as helmet would set them, unless a route set its own (the admin page has its own
 * content security policy): nothing is sniffed, framed, cached by a shared cache or sent on as a referrer. An API
 * answer may hold a new secret (a rotated API key), so no cache may keep it.
 */
const EVERY_ANSWER: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-permitted-cross-domain-policies': 'none',
};

/** JSON answers run no script and load nothing. */
const DATA_ONLY = "default-src 'none'; frame-ancestors 'none'";
/** Swagger UI: its own scripts and styles (it writes some styles inline), and images it inlines. */
const DOCS_PAGE = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function addSecurityHeaders(fastify: FastifyInstance, docsPath: string): void {
  fastify.addHook('onSend', async (request, reply: FastifyReply) => {
    for (const [name, value] of Object.entries(EVERY_ANSWER)) if (!reply.hasHeader(name)) reply.header(name, value);
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', request.url.startsWith(docsPath) ? DOCS_PAGE : DATA_ONLY);
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
