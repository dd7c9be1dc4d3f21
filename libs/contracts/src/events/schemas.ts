import { PAYER_DATA_RETENTION_DAYS } from '../tenant-settings';
import { DomainEvent } from './domain-event';

/** Stored event data as JSON: an upcaster reads and rewrites it before any guard types it. */
export type StoredData = unknown;

/** Turns the data of one version of an event into the next version's. */
export type Upcaster = (data: StoredData) => StoredData;

export interface EventSchema {
  /** The version recorded now; an event stored without one is version 1. */
  readonly version: number;
  /** `upcasters[v - 1]` turns version v into version v + 1: one per version before the current one. */
  readonly upcasters: readonly Upcaster[];
}

const FIRST: EventSchema = { version: 1, upcasters: [] };

function isObject(data: StoredData): data is Record<string, unknown> {
  return typeof data === 'object' && data !== null && !Array.isArray(data);
}

/** Fills fields a version added, where an event of the version before lacks them. */
function withDefaults(defaults: Record<string, unknown>): Upcaster {
  return (data) => (isObject(data) ? { ...defaults, ...data } : data);
}

/**
 * Every event type and the version it is recorded at now. Stored events live for ever: a change of an
 * event's shape adds a version here with the upcaster that turns the previous shape into it, and the
 * golden event log (libs/contracts/src/events/golden/) fails a change made without one.
 */
export const EVENT_SCHEMAS: { readonly [T in DomainEvent['type']]: EventSchema } = {
  PaymentIntentRegistered: FIRST,
  PaymentVerified: FIRST,
  PaymentFlaggedForReview: FIRST,
  PaymentExpired: FIRST,
  PaymentApproved: FIRST,
  PaymentRejected: FIRST,
  // 2: every SMS names the forwarder that sent it (none before forwarders were told apart).
  SmsReceived: { version: 2, upcasters: [withDefaults({ forwarderId: null })] },
  // 2: every reading names its tier and institution (a reading recorded before tiers was a template reading).
  SmsParsed: { version: 2, upcasters: [withDefaults({ tier: 'template', institution: null })] },
  SmsRejected: FIRST,
  SmsMatched: FIRST,
  SmsUnmatched: FIRST,
  SmsAwaitingIntent: FIRST,
  BalanceObserved: FIRST,
  // 2: receiving accounts and the balance check are settings of every tenant (none and `record` before they existed).
  // 3: the verification policy is a setting of every tenant (`standard`, the default, before it existed).
  // 4: the alert webhooks a tenant opted into (none before they existed).
  // 5: the Raast QR its payment links' pages show (none before the setting existed).
  // 6: how long its payers' data is kept (the default, 180 days, before the setting existed).
  TenantRegistered: {
    version: 6,
    upcasters: [
      withDefaults({ receivingAccounts: null, balanceCheck: 'record' }),
      withDefaults({ verificationPolicy: 'standard' }),
      withDefaults({ alertWebhooks: [] }),
      withDefaults({ raastQr: null }),
      withDefaults({ payerDataRetentionDays: PAYER_DATA_RETENTION_DAYS.default }),
    ],
  },
  TenantUpdated: FIRST,
  TenantWebhookSecretRotated: FIRST,
  TenantWebhookSecretResealed: FIRST,
  TenantCredentialRotated: FIRST,
  TenantTwilioAuthTokenSet: FIRST,
  TenantTwilioAuthTokenCleared: FIRST,
  TenantTwilioAuthTokenResealed: FIRST,
  OperatorTokenIssued: FIRST,
  OperatorTokenRevoked: FIRST,
  SmsTemplateLearned: FIRST,
  SmsTemplatePromoted: FIRST,
  SmsTemplateRetired: FIRST,
  ProjectionRebuildRequested: FIRST,
  ForwarderSeen: FIRST,
  ForwarderHeartbeat: FIRST,
  ForwarderNamed: FIRST,
  ForwarderRetired: FIRST,
  ForwarderWentSilent: FIRST,
  ForwarderRecovered: FIRST,
  ForwarderCredentialIssued: FIRST,
  ForwarderCredentialRevoked: FIRST,
  ForwarderAccountSeen: FIRST,
  BalanceStated: FIRST,
  SmsGapSuspected: FIRST,
  SmsGapFilled: FIRST,
  PaymentStalled: FIRST,
  PaymentLinkCreated: FIRST,
  PaymentLinkUsed: FIRST,
  PaymentLinkDisabled: FIRST,
  AlertAcknowledged: FIRST,
  PayerDataErased: FIRST,
  PayerDataExpired: FIRST,
};

const SCHEMAS = new Map<string, EventSchema>(Object.entries(EVENT_SCHEMAS));

function schemaOf(type: string): EventSchema {
  return SCHEMAS.get(type) ?? FIRST;
}

/** The version an event of this type is recorded at now (1 for a type this build does not declare). */
export function currentVersion(type: string): number {
  return schemaOf(type).version;
}

/** The data of an event stored at `version` (1 when it says none), as the current version shapes it. */
export function upcast(type: string, version: number | undefined, data: StoredData): StoredData {
  return schemaOf(type).upcasters.slice((version ?? 1) - 1).reduce((shaped, upcaster) => upcaster(shaped), data);
}
