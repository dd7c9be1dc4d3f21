import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ALERT_KINDS, ALERT_WEBHOOK_EVENTS, GATEWAYS, PAYMENT_STATUSES, SMS_SOURCES } from '@pvs/contracts';
import { DELIVERY_STATUSES } from '@pvs/webhook-deliveries';
import { dateTime, nullable, pkr, uuid } from './schemas';

const str: SchemaObject = { type: 'string' };
const count: SchemaObject = { type: 'integer', minimum: 0 };

/** A learned template's id, as its path parameter takes it. */
export const LEARNED_TEMPLATE_ID = '^learned\\.[0-9a-f]{12}$';

/** Response shapes of the operators' endpoints. */
export const OPERATOR_SCHEMAS: Record<string, SchemaObject> = {
  RecordedEvent: {
    type: 'object',
    description: 'A stored event, its data in the current shape of its type (amounts in paisa); metadata.schemaVersion is the version it was recorded at (none: 1)',
    required: ['id', 'stream', 'stream_version', 'type', 'checkpoint', 'recorded_at', 'data', 'metadata'],
    properties: {
      id: uuid,
      stream: str,
      stream_version: { type: 'integer', minimum: 1 },
      type: str,
      checkpoint: { type: 'string', description: 'position in the global log; pass it back as `after`' },
      recorded_at: dateTime,
      data: { type: 'object', additionalProperties: true },
      metadata: {
        type: 'object',
        additionalProperties: true,
        properties: { correlationId: str, tenantId: str, causationId: str, schemaVersion: { type: 'integer', minimum: 1 } },
      },
    },
  },
  TenantWithSecrets: {
    allOf: [
      { $ref: '#/components/schemas/Tenant' },
      {
        type: 'object',
        description: 'The secrets appear in this response only',
        required: ['api_key', 'webhook_secret', 'gateway_secret'],
        properties: { api_key: str, webhook_secret: str, gateway_secret: str },
      },
    ],
  },
  ForwardedSms: {
    type: 'object',
    required: ['sms_id', 'tenant_id', 'sender', 'body', 'source', 'received_at', 'recorded_at', 'state', 'rejection_reason', 'gateway', 'reference', 'amount', 'transaction_uuid', 'outcome', 'readable_by'],
    properties: {
      sms_id: uuid,
      tenant_id: uuid,
      sender: str,
      body: str,
      source: str,
      received_at: nullable(dateTime),
      recorded_at: dateTime,
      state: { type: 'string', enum: ['received', 'parsed', 'rejected'] },
      rejection_reason: nullable(str),
      gateway: nullable({ type: 'string', enum: [...GATEWAYS] }),
      reference: nullable(str),
      amount: nullable(pkr),
      transaction_uuid: nullable(uuid),
      outcome: nullable(str),
      readable_by: { ...nullable(str), description: 'For a rejected SMS: the template that would read it now (learned or promoted since, or its sender allowed since); `POST /admin/sms/reparse` applies it' },
    },
  },
  Forwarder: {
    type: 'object',
    required: ['forwarder_id', 'tenant_id', 'app', 'device', 'name', 'first_seen_at', 'heartbeat', 'retired_at', 'silent_since', 'credential_key_id', 'accounts'],
    properties: {
      forwarder_id: uuid,
      tenant_id: uuid,
      app: { type: 'string', enum: [...SMS_SOURCES], description: 'The app that first brought its SMS or heartbeat' },
      device: { ...nullable(str), description: "What names the phone: the app's device id, owner or receiving number, or the X-Forwarder-Id header; null for the one unnamed phone of an app" },
      name: { ...nullable(str), description: "An operator's name for it" },
      first_seen_at: dateTime,
      heartbeat: nullable({
        type: 'object',
        required: ['status', 'at'],
        properties: { status: { type: 'string', enum: ['online', 'offline'] }, at: dateTime },
      }),
      retired_at: { ...nullable(dateTime), description: 'Out of use until it speaks again' },
      silent_since: {
        ...nullable(dateTime),
        description: 'When it was found quiet for longer than it usually is at that hour of the week while its tenant has payments pending; null once it speaks again',
      },
      credential_key_id: { ...nullable(str), description: 'The key id of its own forwarder key (pvsfw_<key id>_…); null when it has none' },
      accounts: {
        type: 'array',
        description: 'The accounts whose money SMS (credits, and debits stating a balance) come through it, in the order first seen',
        items: {
          type: 'object',
          required: ['gateway', 'account', 'sim', 'first_seen_at'],
          properties: {
            gateway: { type: 'string', enum: [...GATEWAYS] },
            account: { ...nullable(str), description: 'The receiving account as its SMS state it (often masked); null when they state none' },
            sim: { ...nullable({ type: 'integer', minimum: 1, maximum: 9 }), description: 'The SIM slot they came in on, when the app says (SMS Gateway for Android, httpSMS)' },
            first_seen_at: dateTime,
          },
        },
      },
      last_heard_at: { ...nullable(dateTime), description: 'Listed forwarders only: its last SMS, or heartbeat saying it is online' },
      last_sms_at: { ...nullable(dateTime), description: 'Listed forwarders only: its last SMS' },
      sms_last_24h: { type: 'integer', minimum: 0, description: 'Listed forwarders only: SMS it forwarded in the 24 hours before the request' },
    },
  },
  Alert: {
    type: 'object',
    required: ['alert_id', 'tenant_id', 'kind', 'subject_id', 'summary', 'details', 'raised_at', 'cleared_at', 'cleared_by', 'acknowledged_at', 'acknowledged_by', 'note'],
    properties: {
      alert_id: uuid,
      tenant_id: uuid,
      kind: { type: 'string', enum: [...ALERT_KINDS] },
      subject_id: { ...uuid, description: 'The forwarder, gap or payment it is about' },
      summary: { ...str, description: 'The alert in a sentence' },
      details: { type: 'object', additionalProperties: true, description: 'The fact that raised it, as recorded (ForwarderWentSilent, SmsGapSuspected, PaymentStalled or PaymentFlaggedForReview)' },
      raised_at: dateTime,
      cleared_at: { ...nullable(dateTime), description: 'When what raised it ended: the phone spoke, the SMS arrived, the payment was decided' },
      cleared_by: { ...nullable(str), description: 'What ended it: forwarder.recovered, forwarder.retired, sms.gap_filled, payment.verified, payment.failed, payment.manual_review' },
      acknowledged_at: nullable(dateTime),
      acknowledged_by: { ...nullable(str), description: 'The operator who acknowledged it' },
      note: nullable(str),
    },
  },
  SmsGap: {
    type: 'object',
    required: ['gap_id', 'tenant_id', 'gateway', 'account', 'direction', 'amount', 'window_start', 'window_end', 'candidate_payment_ids', 'detected_at', 'filled_at'],
    properties: {
      gap_id: uuid,
      tenant_id: uuid,
      gateway: { type: 'string', enum: [...GATEWAYS] },
      account: { ...nullable(str), description: 'The account as its SMS name it; null for a wallet whose SMS name none' },
      direction: { type: 'string', enum: ['credit', 'debit'], description: '`credit`: money came in that no SMS seen explains (a payment unseen); `debit`: it went out' },
      amount: { ...pkr, description: 'PKR moved unseen (the sum, if several SMS are missing)' },
      window_start: { ...dateTime, description: 'When the SMS before the gap was received' },
      window_end: { ...dateTime, description: 'When the SMS after the gap was received' },
      candidate_payment_ids: { type: 'array', items: uuid, description: "The tenant's payments pending of that gateway and exactly that amount when the gap was found, nearest the window first" },
      detected_at: dateTime,
      filled_at: { ...nullable(dateTime), description: 'When an SMS that arrived late explained it' },
    },
  },
  ForwarderWithKey: {
    allOf: [
      { $ref: '#/components/schemas/Forwarder' },
      {
        type: 'object',
        required: ['forwarder_key'],
        properties: {
          forwarder_key: { ...str, description: 'pvsfw_…: shown in this response only. The phone sends it as X-Gateway-Secret (or X-Forwarder-Key, or the password of HTTP Basic auth)' },
        },
      },
    ],
  },
  ReparseResult: {
    type: 'object',
    required: ['examined', 'recognised'],
    properties: { examined: { type: 'integer', minimum: 0 }, recognised: { type: 'integer', minimum: 0 } },
  },
  WebhookDelivery: {
    type: 'object',
    required: ['id', 'tenant_id', 'transaction_uuid', 'event', 'url', 'status', 'attempts', 'next_attempt_at', 'last_status_code', 'last_error', 'created_at', 'delivered_at'],
    properties: {
      id: uuid,
      tenant_id: uuid,
      transaction_uuid: { ...nullable(uuid), description: 'The payment it is about; null for an alert about no payment (a phone, a ledger)' },
      event: { type: 'string', enum: ['payment.verified', 'payment.manual_review', 'payment.failed', ...ALERT_WEBHOOK_EVENTS], description: 'A payment webhook, or an alert webhook the tenant opted into' },
      url: nullable({ type: 'string', format: 'uri' }),
      status: { type: 'string', enum: [...DELIVERY_STATUSES] },
      attempts: { type: 'integer', minimum: 0 },
      next_attempt_at: nullable(dateTime),
      last_status_code: nullable({ type: 'integer' }),
      last_error: nullable(str),
      created_at: dateTime,
      delivered_at: nullable(dateTime),
    },
  },
  WebhookAttempt: {
    type: 'object',
    required: ['attempt', 'started_at', 'duration_ms', 'status_code', 'error', 'outcome', 'next_attempt_at'],
    properties: {
      attempt: { type: 'integer', minimum: 1 },
      started_at: dateTime,
      duration_ms: { type: 'integer', minimum: 0 },
      status_code: nullable({ type: 'integer' }),
      error: nullable(str),
      outcome: { type: 'string', enum: ['succeeded', 'failed', 'refused', 'unsigned'] },
      next_attempt_at: nullable(dateTime),
    },
  },
  FailingEndpoint: {
    type: 'object',
    properties: {
      origin: str,
      consecutive_failures: { type: 'integer', minimum: 0 },
      failing_since: nullable(dateTime),
      disabled_at: nullable(dateTime),
    },
  },
  Projection: {
    type: 'object',
    required: ['name', 'checkpoint', 'lag_events', 'lag_seconds', 'rebuild'],
    properties: {
      name: str,
      checkpoint: nullable(str),
      lag_events: { type: 'integer', minimum: 0, description: 'events in the log the projection has not applied yet' },
      lag_seconds: { type: 'number', minimum: 0, description: 'age of the oldest event not applied yet' },
      rebuild: nullable({
        type: 'object',
        description: 'the last online rebuild',
        required: ['status', 'events_done', 'events_total', 'events_per_s', 'started_at', 'finished_at', 'error'],
        properties: {
          status: { type: 'string', enum: ['requested', 'running', 'done', 'failed'] },
          events_done: { type: 'integer', minimum: 0 },
          events_total: { type: 'integer', minimum: 0, description: 'the events of the log it had to replay when it started (0 until then)' },
          events_per_s: { type: 'number', minimum: 0 },
          started_at: nullable(dateTime),
          finished_at: nullable(dateTime),
          error: nullable(str),
        },
      }),
    },
  },
  DailyBucket: { type: 'object', required: ['count', 'amount'], properties: { count: { type: 'integer', minimum: 0 }, amount: pkr } },
  TenantDay: {
    type: 'object',
    required: ['tenant_id', 'tenant_name', 'registered', 'by_status', 'by_gateway', 'match_rate', 'median_seconds_to_verify'],
    properties: {
      tenant_id: uuid,
      tenant_name: nullable(str),
      registered: { type: 'integer', minimum: 0 },
      by_status: {
        type: 'object',
        description: 'payments registered that day, by their status now',
        properties: Object.fromEntries(PAYMENT_STATUSES.map((status) => [status, { $ref: '#/components/schemas/DailyBucket' }])),
      },
      by_gateway: { type: 'object', properties: Object.fromEntries(GATEWAYS.map((gateway) => [gateway, { $ref: '#/components/schemas/DailyBucket' }])) },
      match_rate: nullable({ type: 'number', minimum: 0, maximum: 1, description: 'verified / registered' }),
      median_seconds_to_verify: nullable({ type: 'number', minimum: 0 }),
    },
  },
  LearnedTemplate: {
    type: 'object',
    required: ['id', 'tenant_id', 'scope', 'gateway', 'sender', 'pattern', 'example_body', 'learned_by', 'learned_at', 'retired_at'],
    properties: {
      id: { type: 'string', pattern: LEARNED_TEMPLATE_ID },
      tenant_id: uuid,
      scope: { type: 'string', enum: ['tenant', 'all'], description: "tenant: reads that tenant's SMS only; all: promoted to every tenant" },
      gateway: { type: 'string', enum: [...GATEWAYS] },
      institution: nullable(str),
      sender: str,
      pattern: str,
      example_body: str,
      note: str,
      learned_by: str,
      learned_at: dateTime,
      promoted_at: nullable(dateTime),
      retired_at: nullable(dateTime),
    },
  },
  TemplateDryRun: {
    type: 'object',
    required: ['template', 'would_read', 'upgrades', 'scanned'],
    properties: {
      template: {
        type: 'object',
        required: ['id', 'gateway', 'institution', 'sender', 'pattern', 'slots', 'auto_slots'],
        properties: { id: str, gateway: str, institution: nullable(str), sender: str, pattern: str, slots: { type: 'array', items: str }, auto_slots: { type: 'array', items: str } },
      },
      would_read: {
        type: 'object',
        description: 'The rejected SMS it would read (the first 50 shown)',
        required: ['count', 'samples'],
        properties: {
          count,
          samples: {
            type: 'array',
            items: {
              type: 'object',
              required: ['sms_id', 'tenant_id', 'body', 'amount', 'reference'],
              properties: { sms_id: uuid, tenant_id: uuid, body: str, amount: pkr, reference: nullable(str) },
            },
          },
        },
      },
      upgrades: { ...count, description: 'Parsed SMS read by their words alone that it would read, the same way' },
      scanned: { ...count, description: "The stored SMS of the sender looked at (the tenant's newest 20,000)" },
    },
  },
  SmsStats: {
    type: 'object',
    required: ['since', 'current_hour', 'hours', 'institutions', 'counts'],
    properties: {
      since: { ...dateTime, description: 'the start of the first hour counted (UTC)' },
      current_hour: { ...dateTime, description: 'the start of the hour in progress, the last one counted' },
      hours: { type: 'integer', minimum: 1 },
      institutions: {
        type: 'array',
        description: 'per institution, the most rejected first',
        items: {
          type: 'object',
          required: ['institution', 'name', 'read', 'rejected', 'rejected_share', 'current_hour'],
          properties: {
            institution: { type: 'string', description: 'the institution its sender ids belong to (the parser\'s, once read); other: a sender id no institution is known by' },
            name: str,
            read: count,
            rejected: count,
            rejected_share: nullable({ type: 'number', minimum: 0, maximum: 1, description: 'rejected / (read + rejected)' }),
            current_hour: { type: 'object', required: ['read', 'rejected'], properties: { read: count, rejected: count } },
          },
        },
      },
      counts: {
        type: 'array',
        items: {
          type: 'object',
          required: ['hour', 'institution', 'bucket', 'reason', 'sms'],
          properties: {
            hour: dateTime,
            institution: str,
            bucket: { type: 'string', enum: ['template', 'learned', 'extracted', 'rejected'], description: 'the tier that read them, or rejected' },
            reason: nullable({ type: 'string', description: 'why they were rejected' }),
            sms: count,
          },
        },
      },
    },
  },
  RedeliverResult: { type: 'object', required: ['redelivered'], properties: { redelivered: { type: 'integer', minimum: 0 } } },
};
