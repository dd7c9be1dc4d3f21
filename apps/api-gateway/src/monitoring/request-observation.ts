import { Logger } from '@nestjs/common';
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Metrics } from '@pvs/observability';
import { nameActiveRequestSpan } from '@pvs/observability/tracing';

/** The route label of a request that matched no route (a 404): never its raw URL. */
const UNMATCHED = 'unmatched';

/**
 * Counts and times every answered request by route template, and logs one line for it with the
 * request id as `correlation_id` (also on its trace's server span, when tracing is on). Never the URL with its query, a header or a body.
 */
export function observeRequests(fastify: FastifyInstance, metrics: Metrics): void {
  const logger = new Logger('Http');
  // A trace names the route that answered, and the request id its log line has.
  fastify.addHook('onRequest', async (request: FastifyRequest) => nameActiveRequestSpan(request.method, request.routeOptions.url ?? UNMATCHED, request.id));
  fastify.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    const labels = { route, method: request.method, status_code: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    logger.log({
      msg: 'request',
      correlation_id: request.id,
      method: request.method,
      route,
      status: reply.statusCode,
      duration_ms: Math.round(reply.elapsedTime * 10) / 10,
    });
  });
}
