import { randomUUID } from 'node:crypto';
import { INestApplication, RequestMethod } from '@nestjs/common';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IncomingMessage } from 'node:http';
import { METRICS, Metrics } from '@pvs/observability';
import { serveAdminPage } from '../admin-page/admin-page';
import { serveMerchantPage } from '../merchant-page/merchant-page';
import { servePayAssets } from '../payment-links/pay-page/pay-assets';
import { PAY_FORM_ROUTE } from '../payment-links/pay-page/pay-page.view';
import { BODY_LIMIT_BYTES, GATEWAY_CONFIG, GatewayConfig } from '../gateway-config';
import { GatewaySettings } from '../gateway-settings';
import { serveMetrics } from '../monitoring/metrics-route';
import { observeRequests } from '../monitoring/request-observation';
import { API_PREFIX } from './api-prefix';
import { MAX_PATH_PARAM_LENGTH } from './path-params';
import { ApiExceptionFilter } from './api-exception.filter';
import { ErrorResponse } from './api-error';
import { answerClientError, clientTimeouts } from './client-errors';
import { parseBodies } from './body-parsers';
import { BodyValidationPipe } from './body-validation.pipe';
import { closeConnectionsAnsweredBeforeTheirBody } from './early-answers';
import { answerMethodNotAllowed } from './method-not-allowed';
import { SWAGGER_UI_PATH, createOpenApiDocument, guardDocs, serveOpenApi } from './openapi/openapi';
import { requireCredentialsBeforeBody } from '../auth/credentials-before-body';
import { addSecurityHeaders } from './security-headers';

export { API_PREFIX };

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Fastify, with the request id taken from a well-formed X-Request-Id or made fresh. */
export function createHttpAdapter(settings: Pick<GatewaySettings, 'requestTimeoutMs' | 'trustProxy'>): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH, ignoreTrailingSlash: true },
    ...clientTimeouts(settings.requestTimeoutMs),
    trustProxy: settings.trustProxy,
    clientErrorHandler: answerClientError,
    // Errors Fastify raises before routing get our error body too. No id is that long: 404.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply.code(tooLong ? 404 : 400).send(ErrorResponse.of(tooLong ? 'Not found' : 'Malformed request URL'));
    },
    requestIdHeader: false,
    genReqId: (request: IncomingMessage) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    logger: false,
  });
}

/** Nest's own body parsers stay off: ours (body-parsers.ts) read JSON, and forms where a forwarder sends them. */
export const NEST_HTTP_OPTIONS = { bodyParser: false } as const;

/** Prefix, error bodies, validation and monitoring shared by every way of running the gateway. */
export function configureHttpServer(app: INestApplication): void {
  const fastifyApp = app as NestFastifyApplication;
  // The payers' pages of payment links live at /pay, beside the API.
  fastifyApp.setGlobalPrefix(API_PREFIX, { exclude: [{ path: 'pay/{*rest}', method: RequestMethod.ALL }] });
  fastifyApp.useGlobalFilters(new ApiExceptionFilter());
  const config = app.get<GatewayConfig>(GATEWAY_CONFIG);
  fastifyApp.useGlobalPipes(new BodyValidationPipe({ allowPrivateWebhookDestinations: config.webhookAllowPrivateNetworks }));
  const fastify = fastifyApp.getHttpAdapter().getInstance();
  parseBodies(fastify, [`/${API_PREFIX}/sms/ingest`, PAY_FORM_ROUTE]);
  closeConnectionsAsTheyIdle(fastify);
  closeConnectionsAnsweredBeforeTheirBody(fastify);
  answerMethodNotAllowed(fastify);
  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('x-request-id', request.id);
  });
  addSecurityHeaders(fastify, SWAGGER_UI_PATH);
  const metrics = app.get<Metrics>(METRICS);
  observeRequests(fastify, metrics);
  serveMetrics(fastify, metrics, config.metricsAccess);
  const document = createOpenApiDocument(app);
  requireCredentialsBeforeBody(fastify, document, API_PREFIX);
  guardDocs(fastify, config);
  serveOpenApi(app, document);
  serveAdminPage(fastify);
  serveMerchantPage(fastify);
  servePayAssets(fastify);
}

/**
 * On close, requests in flight finish, and each kept-alive connection is closed as soon as it is idle: Node closes
 * only those idle when close begins, so one that finishes its request a moment later would hold the shutdown for
 * its whole keep-alive timeout (72 s).
 */
function closeConnectionsAsTheyIdle(fastify: FastifyInstance): void {
  let sweeping: NodeJS.Timeout | undefined;
  fastify.addHook('preClose', async () => {
    sweeping = setInterval(() => fastify.server.closeIdleConnections(), 100);
    sweeping.unref();
  });
  fastify.addHook('onClose', async () => clearInterval(sweeping));
}
