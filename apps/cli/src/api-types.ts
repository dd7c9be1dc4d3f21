import type { components, paths } from './generated/openapi';

/**
 * The shapes the API answers with, named for the commands: each is the generated type of the OpenAPI document
 * the service serves (tools/client/client-types.e2e.spec.ts fails when generated/openapi.ts no longer matches it).
 */

type Schemas = components['schemas'];

type Success = 200 | 201 | 202;
type DataOf<Response> = Response extends { content: { 'application/json': { data: infer Data } } } ? Data : never;

/** The `data` of the `{success, data}` an endpoint answers with when it succeeds, as the document describes that endpoint. */
type Answer<Path extends keyof paths, Method extends keyof paths[Path]> = paths[Path][Method] extends { responses: infer Responses }
  ? { [Status in keyof Responses & Success]: DataOf<Responses[Status]> }[keyof Responses & Success]
  : never;

/** The secrets appear only in the answers that issue them, once. */
export type TenantData = Schemas['Tenant'] & Partial<Pick<Schemas['TenantWithSecrets'], 'api_key' | 'gateway_secret' | 'webhook_secret'>>;
export type RotatedWebhookSecret = Answer<'/admin/tenants/{id}/rotate-webhook-secret', 'post'>;
export type ResealData = Answer<'/admin/secrets/reseal', 'post'>;

export type OperatorData = Answer<'/admin/operators/{id}/revoke', 'post'>;
/** The operator with their token, shown once. */
export type IssuedOperator = Answer<'/admin/operators', 'post'>;

export type EventData = Schemas['RecordedEvent'];
export type StreamPage = Answer<'/admin/streams/{stream}', 'get'>;
export type EventLogPage = Answer<'/admin/events', 'get'>;

/** A payment with its full event history. */
export type PaymentData = Answer<'/admin/payments/{uuid}', 'get'>;

export type ProjectionData = Schemas['Projection'];
export type RebuildData = NonNullable<ProjectionData['rebuild']>;

export type DeliveryData = Schemas['WebhookDelivery'];
/** A delivery with its body and every attempt. */
export type DeliveryWithAttempts = Answer<'/admin/webhooks/deliveries/{id}', 'get'>;
export type RedeliverResult = Schemas['RedeliverResult'];

export type SmsData = Schemas['ForwardedSms'];
export type ReparseResult = Schemas['ReparseResult'];
export type SmsStatsData = Schemas['SmsStats'];
/** SMS of one UTC hour from one institution in one bucket. */
export type SmsHourCountData = SmsStatsData['counts'][number];

export type TemplateData = Schemas['LearnedTemplate'];
export type DryRunData = Schemas['TemplateDryRun'];
/** A template learned, and the re-parse of the rejected SMS it reads. */
export type LearnedTemplate = Answer<'/admin/sms-templates', 'post'>;

export type ForwarderData = Schemas['Forwarder'];
/** A forwarder with its own key, shown once. */
export type ForwarderWithKey = Schemas['ForwarderWithKey'];

export type AlertData = Schemas['Alert'];
export type PaymentLinkData = Schemas['PaymentLink'];
export type ListedPaymentLinkData = Schemas['ListedPaymentLink'];
export type ErasureData = Schemas['Erasure'];
export type OldPayerDataSealedData = Schemas['OldPayerDataSealed'];
