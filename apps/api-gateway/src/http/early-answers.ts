import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * An answer sent before the request's body has arrived (no credential, a body too large, a content type refused)
 * closes the connection: Node would otherwise go on reading the unread body, and its request timeout would then
 * write a 408 after the answer on the same connection. Nothing that follows on it could be told apart from that body.
 */
export function closeConnectionsAnsweredBeforeTheirBody(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
  });
}
