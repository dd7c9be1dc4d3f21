import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule, getSchemaPath } from '@nestjs/swagger';
import { ALERT_WEBHOOKS, PaymentWebhook } from '@pvs/contracts/http';
import type { ReferenceObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { carriesAdminToken } from '../../auth/operator.guard';
import { GatewayConfig } from '../../gateway-config';
import { API_PREFIX } from '../api-prefix';
import { ErrorResponse } from '../api-error';
import { COMPONENT_SCHEMAS } from './schemas';
import { WEBHOOK_CALLBACK } from './webhook-callback';

export const OPENAPI_JSON_PATH = `/${API_PREFIX}/openapi.json`;
export const SWAGGER_UI_PATH = '/api/docs';

/** The OpenAPI 3.0 document (spec section 9: version 1.0.0), generated from the controllers' decorators. */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Payment Verification Service API')
    .setDescription(
      'Verifies PKR payments made through two mobile wallets and bank transfers by matching forwarded SMS alerts to registered payment intents, ' +
        'and tells the merchant by a signed webhook. Every error is `{success:false, message}`.',
    )
    .setVersion('1.0.0')
    .addServer(`/${API_PREFIX}`)
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Api-Key', description: "The tenant's API key (pvs_…)" }, 'apiKey')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Gateway-Secret', description: "The tenant's gateway secret (pvsgw_…), for SMS forwarders" }, 'gatewaySecret')
    .addBasicAuth({ type: 'http', scheme: 'basic', description: 'The gateway secret as the password (any user name), for forwarders that can only put credentials in the URL' }, 'gatewaySecretBasic')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'The operators\' admin token' }, 'adminToken')
    .addTag('merchants', 'Payment intents, status polling and SMS ingest')
    .addTag('monitoring', 'Public health probe')
    .addTag('operators', 'Tenants, manual review, SMS, webhooks and projections; admin token required')
    .build();
  const document = SwaggerModule.createDocument(app, config, { ignoreGlobalPrefix: true, extraModels: [PaymentWebhook, ...ALERT_WEBHOOKS] });
  const alertWebhooks = {
    description:
      "An alert the merchant opted into (the tenant's alert_webhooks), sent to the tenant's webhook_url with the same signatures, retries and envelope as the payment webhooks. De-duplicate on `id`.",
    oneOf: ALERT_WEBHOOKS.map((webhook) => ({ $ref: getSchemaPath(webhook) })),
  };
  const schemas: Record<string, SchemaObject | ReferenceObject> = { ...document.components?.schemas, ...COMPONENT_SCHEMAS, AlertWebhookPayload: alertWebhooks };
  // Requests and responses are closed (the validation pipe refuses unknown properties; a response has only what it
  // declares); webhooks are open: a receiver ignores the fields it does not know, so fields can be added.
  const webhookSchemas = reachableSchemas(schemas, [getSchemaPath(PaymentWebhook), '#/components/schemas/AlertWebhookPayload']);
  for (const [name, schema] of Object.entries(schemas)) {
    if (!('$ref' in schema) && !webhookSchemas.has(name) && !(name in COMPONENT_SCHEMAS)) schema.additionalProperties = false;
  }
  document.info.license = { name: 'Proprietary' };
  document.paths['/payments/verify'].post!.callbacks = { paymentDecided: WEBHOOK_CALLBACK };
  document.components = { ...document.components, schemas };
  return document;
}

/** The names of the schemas `roots` refer to, directly or through others. */
function reachableSchemas(schemas: Record<string, unknown>, roots: readonly string[]): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    if ('$ref' in node && typeof node.$ref === 'string') {
      const name = node.$ref.slice(node.$ref.lastIndexOf('/') + 1);
      if (!names.has(name)) {
        names.add(name);
        visit(schemas[name]);
      }
    }
    Object.values(node).forEach(visit);
  };
  roots.forEach((root) => visit({ $ref: root }));
  return names;
}

/** Serves the document as JSON and Swagger UI for people (see guardDocs for who may read them). */
export function serveOpenApi(app: INestApplication, document: OpenAPIObject): void {
  SwaggerModule.setup(SWAGGER_UI_PATH, app, document, {
    useGlobalPrefix: false,
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
  });
}

/**
 * The document and Swagger UI go to anyone when the docs are public (DOCS_ENABLED, by default on a loopback address
 * only), else to the bearer of the admin token.
 */
export function guardDocs(fastify: FastifyInstance, config: Pick<GatewayConfig, 'docsPublic' | 'adminTokenHash'>): void {
  if (config.docsPublic) return;
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    if (path !== OPENAPI_JSON_PATH && path !== SWAGGER_UI_PATH && !path.startsWith(`${SWAGGER_UI_PATH}/`)) return;
    if (carriesAdminToken(request.headers.authorization, config.adminTokenHash)) return;
    await reply.code(401).send(ErrorResponse.of('The API documentation is not public here: set DOCS_ENABLED=true, or send the admin token'));
  });
}
