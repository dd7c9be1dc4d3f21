import { FastifyInstance } from 'fastify';
import { METRICS_PATH, Metrics, MetricsAccess, answerScrape } from '@pvs/observability';

/** GET /metrics at the root (outside the API prefix), in the Prometheus text format. */
export function serveMetrics(fastify: FastifyInstance, metrics: Metrics, access: MetricsAccess): void {
  fastify.get(METRICS_PATH, async (request, reply) => {
    const answer = await answerScrape(metrics, access, request.headers.authorization);
    return reply.status(answer.status).header('cache-control', 'no-store').type(answer.contentType).send(answer.body);
  });
}
