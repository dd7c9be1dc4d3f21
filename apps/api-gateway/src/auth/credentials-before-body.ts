import { OpenAPIObject } from '@nestjs/swagger';
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorResponse } from '../http/api-error';
import { API_KEY_REFUSED } from './api-key.guard';
import { OPERATOR_TOKEN_REFUSED } from './operator.guard';
import { BASIC_AUTH_CHALLENGE, INGEST_CREDENTIAL_REFUSED } from './sms-ingest-credential.guard';

/** The headers that carry each security scheme of the OpenAPI document. */
const SCHEME_HEADERS: Readonly<Record<string, string>> = {
  apiKey: 'x-api-key',
  gatewaySecret: 'x-gateway-secret',
  gatewaySecretBasic: 'authorization',
  adminToken: 'authorization',
};

interface Requirement {
  readonly headers: readonly string[];
  readonly refusal: string;
  /** WWW-Authenticate, for an operation that takes Basic auth (Twilio sends its credentials only when asked). */
  readonly challenge: string | null;
}

/**
 * A request to an operation that needs a credential, sent with none of the headers that could carry one, is
 * answered 401 as soon as its headers are read, before its body is (the guards, which check the credential itself,
 * run only after Fastify has read the body). Which operation takes which credential is read from the OpenAPI
 * document, the one place the controllers declare it; the answer is the guard's own (and, given before the body,
 * closes the connection: see early-answers.ts).
 */
export function requireCredentialsBeforeBody(fastify: FastifyInstance, document: OpenAPIObject, prefix: string): void {
  const requirements = new Map<string, Requirement>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations as Record<string, { security?: Record<string, unknown>[] }>)) {
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      if (schemes.length === 0) continue;
      const route = `/${prefix}${path.replace(/\{(\w+)\}/g, ':$1')}`;
      requirements.set(`${method.toUpperCase()} ${route}`, {
        headers: [...new Set(schemes.map((scheme) => SCHEME_HEADERS[scheme]))],
        refusal: refusalFor(schemes),
        challenge: schemes.includes('gatewaySecretBasic') ? BASIC_AUTH_CHALLENGE : null,
      });
    }
  }
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const requirement = requirements.get(`${request.method} ${request.routeOptions.url}`);
    if (!requirement || requirement.headers.some((header) => request.headers[header] !== undefined)) return;
    if (requirement.challenge) reply.header('www-authenticate', requirement.challenge);
    await reply.code(401).send(ErrorResponse.of(requirement.refusal));
  });
}

function refusalFor(schemes: readonly string[]): string {
  if (schemes.includes('adminToken')) return OPERATOR_TOKEN_REFUSED;
  return schemes.includes('gatewaySecret') ? INGEST_CREDENTIAL_REFUSED : API_KEY_REFUSED;
}
