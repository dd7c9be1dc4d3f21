import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { GATEWAYS, PAYMENT_STATUSES, PAYMENT_WEBHOOK_EVENTS, REVIEW_REASONS, STALL_REASONS } from '@pvs/contracts';
import { MAX_BODY_LENGTH } from '@pvs/sms-parsers';
import { MAX_SENDER_LENGTH } from '../../sms/ingest-sms/forwarded-sms';
import { plainTextPattern } from '../plain-text';

const dateTime: SchemaObject = { type: 'string', format: 'date-time' };
const nullable = (schema: SchemaObject): SchemaObject => ({ ...schema, nullable: true });
const uuid: SchemaObject = { type: 'string', format: 'uuid' };
const pkr: SchemaObject = { type: 'number', description: 'PKR, at most 2 decimals (exact to the paisa)' };

const smsSender: SchemaObject = { type: 'string', minLength: 1, pattern: plainTextPattern('identifier', 1, MAX_SENDER_LENGTH) };
const smsText: SchemaObject = { type: 'string', minLength: 1, maxLength: MAX_BODY_LENGTH, pattern: '\\S' };

/** A forwarder app's own body: a kind marker, and the SMS fields at the top or inside `container`. */
function forwarderWebhook(
  description: string,
  kind: Record<string, string>,
  container: string | null,
  fields: { sender: string; text: string; time?: string },
): SchemaObject {
  const sms: SchemaObject = {
    type: 'object',
    required: [fields.sender, fields.text],
    properties: {
      [fields.sender]: smsSender,
      [fields.text]: smsText,
      ...(fields.time ? { [fields.time]: { oneOf: [{ type: 'integer' }, { type: 'string' }] } } : {}),
    },
  };
  const markers = Object.fromEntries(Object.entries(kind).map(([key, value]) => [key, { type: 'string', enum: [value] }]));
  if (!container) return { description, ...sms, required: [...Object.keys(kind), ...sms.required!], properties: { ...markers, ...sms.properties } };
  return { type: 'object', description, required: [...Object.keys(kind), container], properties: { ...markers, [container]: sms } };
}

/** Request and response shapes, added to the document's components and referenced by name. */
export const COMPONENT_SCHEMAS: Record<string, SchemaObject> = {
  SmsIngestRequest: {
    type: 'object',
    required: ['sender', 'body'],
    additionalProperties: false,
    properties: {
      sender: { ...smsSender, description: 'Originating shortcode or bank SMS header' },
      body: { ...smsText, description: 'Full, unedited SMS text' },
      received_at: { ...nullable(dateTime), description: 'When the SMS reached the merchant\'s phone (ISO 8601 with a time zone)' },
    },
  },
  SmsGatewayAppWebhook: forwarderWebhook('The webhook of the Android "SMS Gateway" app', { event: 'sms:received' }, 'payload', {
    sender: 'phoneNumber',
    text: 'message',
    time: 'receivedAt',
  }),
  HttpSmsWebhook: forwarderWebhook('The webhook of httpSMS', { type: 'message.phone.received' }, 'data', { sender: 'contact', text: 'content', time: 'timestamp' }),
  SmsToUrlForwarderWebhook: forwarderWebhook('The request of the "SMS to URL Forwarder" app', {}, null, { sender: 'from', text: 'text', time: 'receivedStamp' }),
  TwilioWebhook: forwarderWebhook("Twilio's incoming-message fields, sent as JSON", {}, null, { sender: 'From', text: 'Body' }),
  WebhookPayload: {
    type: 'object',
    description: 'The body of every webhook; the same bytes on every retry. De-duplicate on `id`.',
    required: ['event', 'id', 'created_at', 'data'],
    properties: {
      event: { type: 'string', enum: [...PAYMENT_WEBHOOK_EVENTS] },
      id: { ...uuid, description: 'also the webhook-id header; the same on every retry' },
      created_at: dateTime,
      data: {
        type: 'object',
        required: ['uuid', 'status', 'gateway', 'transaction_reference', 'amount_expected', 'amount_detected', 'verified_at', 'client_metadata'],
        properties: {
          uuid,
          status: { type: 'string', enum: [...PAYMENT_STATUSES] },
          gateway: { type: 'string', enum: [...GATEWAYS] },
          transaction_reference: { type: 'string' },
          amount_expected: pkr,
          amount_detected: nullable(pkr),
          verified_at: nullable(dateTime),
          client_metadata: { type: 'object', nullable: true, additionalProperties: true, description: 'as given at submission' },
        },
      },
    },
  },
  AlertWebhookPayload: {
    description:
      "An alert the merchant opted into (the tenant's alert_webhooks), sent to the tenant's webhook_url with the same signatures, retries and envelope as the payment webhooks. De-duplicate on `id`.",
    oneOf: [
      alertWebhook('forwarder.silent', 'A forwarding phone has sent neither SMS nor heartbeat for longer than it usually is quiet at that hour, while payments it carries are pending', {
        forwarder_id: uuid,
        last_heard_at: dateTime,
        usual_quiet_minutes: { type: 'integer', minimum: 0 },
        pending_gateways: { type: 'array', items: { type: 'string', enum: [...GATEWAYS] } },
        detected_at: dateTime,
      }),
      alertWebhook('forwarder.recovered', 'A silent phone spoke again; `alert_id` is its silence\'s', { forwarder_id: uuid, silent_since: dateTime, heard_at: dateTime }),
      alertWebhook('sms.gap_suspected', "Between two SMS of one account, the balance rose by more than any SMS seen says: a credit's SMS is missing", {
        gap_id: uuid,
        gateway: { type: 'string', enum: [...GATEWAYS] },
        account: nullable({ type: 'string' }),
        amount: pkr,
        window_start: dateTime,
        window_end: dateTime,
        candidate_payment_ids: { type: 'array', items: uuid, description: 'Pending payments of that gateway and exactly that amount' },
        detected_at: dateTime,
      }),
      alertWebhook('payment.stalled', 'A payment pending twice as long as the tenant\'s payments of its gateway usually take, with the likeliest reason', {
        uuid,
        gateway: { type: 'string', enum: [...GATEWAYS] },
        transaction_reference: { type: 'string' },
        amount_expected: pkr,
        pending_since: dateTime,
        usual_minutes: { type: 'integer', minimum: 0 },
        reason: { type: 'string', enum: [...STALL_REASONS] },
        evidence: {
          type: 'object',
          required: ['rejected_sms', 'gap_ids', 'silent_forwarder_ids'],
          properties: {
            rejected_sms: nullable({
              type: 'object',
              required: ['sms_id', 'reason', 'readable_now'],
              properties: { sms_id: uuid, reason: { type: 'string' }, readable_now: { type: 'boolean' } },
            }),
            gap_ids: { type: 'array', items: uuid },
            silent_forwarder_ids: { type: 'array', items: uuid },
          },
        },
        detected_at: dateTime,
      }),
      alertWebhook('payment.review_required', 'A payment went to manual review: the payment as its webhooks show it, and why', {
        uuid,
        status: { type: 'string', enum: ['manual_review'] },
        gateway: { type: 'string', enum: [...GATEWAYS] },
        transaction_reference: { type: 'string' },
        amount_expected: pkr,
        amount_detected: nullable(pkr),
        verified_at: nullable(dateTime),
        client_metadata: { type: 'object', nullable: true, additionalProperties: true },
        review_reason: { type: 'string', enum: [...REVIEW_REASONS] },
      }),
    ],
  },
};

export const schemaRef = (name: keyof typeof COMPONENT_SCHEMAS | string) => ({ $ref: `#/components/schemas/${name}` });

/** One alert webhook: its event name, and its data (with the alert's id). */
function alertWebhook(event: string, description: string, properties: Record<string, SchemaObject>): SchemaObject {
  return {
    type: 'object',
    description,
    required: ['event', 'id', 'created_at', 'data'],
    properties: {
      event: { type: 'string', enum: [event] },
      id: { ...uuid, description: 'also the webhook-id header; the same on every retry' },
      created_at: dateTime,
      data: { type: 'object', required: ['alert_id', ...Object.keys(properties)], properties: { alert_id: uuid, ...properties } },
    },
  };
}
