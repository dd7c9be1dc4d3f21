import type { CallbackObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { schemaRef } from './schemas';

const header = (description: string, example?: string) => ({ required: true, description, schema: { type: 'string', example } });

/**
 * The webhook, as an OpenAPI callback of POST /payments/verify: sent to the payment's callback_url,
 * else the tenant's webhook_url, for every decision on the payment.
 */
export const WEBHOOK_CALLBACK: CallbackObject = {
  '{$request.body#/callback_url}': {
    post: {
      summary: 'A decision on the payment (verified, manual_review, failed), signed',
      description:
        'Verify a signature over the raw body bytes before parsing. At least once, not ordered between events: de-duplicate on `id`. ' +
        'Answer 2xx within 10 s; anything else is retried (immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, with jitter).',
      parameters: [
        { name: 'X-Service-Signature', in: 'header', ...header('Lowercase hex HMAC-SHA256 of the raw body, keyed with the whole webhook secret (whsec_…)') },
        { name: 'webhook-id', in: 'header', ...header('Standard Webhooks: the event id, the same on every retry') },
        { name: 'webhook-timestamp', in: 'header', ...header('Standard Webhooks: Unix seconds; reject it when more than 5 minutes off', '1795686130') },
        {
          name: 'webhook-signature',
          in: 'header',
          ...header('Standard Webhooks: space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, keyed with the base64-decoded part after whsec_; two during a secret rotation'),
        },
      ],
      security: [], // the receiver authenticates us by the signatures
      requestBody: { required: true, content: { 'application/json': { schema: schemaRef('WebhookPayload') } } },
      responses: {
        '200': { description: 'Signature valid: acknowledged (any 2xx)' },
        '403': { description: 'Signature invalid: the receiver refuses it' },
      },
    },
  },
};
