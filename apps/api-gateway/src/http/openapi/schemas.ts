import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { MAX_BODY_LENGTH } from '@pvs/sms-parsers';
import { HTTPSMS_HEARTBEATS, MAX_SENDER_LENGTH } from '../../sms/ingest-sms/forwarded-sms';
import { plainTextPattern } from '../plain-text';

const dateTime: SchemaObject = { type: 'string', format: 'date-time' };
const nullable = (schema: SchemaObject): SchemaObject => ({ ...schema, nullable: true });

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
  SmsGatewayAppPing: {
    type: 'object',
    description: 'The heartbeat of the Android "SMS Gateway" app: recorded as the phone being online',
    required: ['event'],
    properties: { event: { type: 'string', enum: ['system:ping'] }, deviceId: { description: 'names the phone (any other value leaves it unnamed)' } },
  },
  HttpSmsHeartbeat: {
    type: 'object',
    description: "httpSMS's heartbeat events: `online` is recorded as the phone being online, the others as offline",
    required: ['type', 'data'],
    properties: {
      type: { type: 'string', enum: Object.keys(HTTPSMS_HEARTBEATS) },
      data: {
        type: 'object',
        // A heartbeat is never refused for an odd field: what cannot be read is left out.
        properties: { owner: { description: 'names the phone (any other value leaves it unnamed)' }, timestamp: { description: 'when it was sent, read when it is a time' } },
      },
    },
  },
  HttpSmsWebhook: forwarderWebhook('The webhook of httpSMS', { type: 'message.phone.received' }, 'data', { sender: 'contact', text: 'content', time: 'timestamp' }),
  SmsToUrlForwarderWebhook: forwarderWebhook('The request of the "SMS to URL Forwarder" app', {}, null, { sender: 'from', text: 'text', time: 'receivedStamp' }),
  TwilioWebhook: forwarderWebhook("Twilio's incoming-message fields, sent as JSON", {}, null, { sender: 'From', text: 'Body' }),
};

export const schemaRef = (name: keyof typeof COMPONENT_SCHEMAS | string) => ({ $ref: `#/components/schemas/${name}` });
