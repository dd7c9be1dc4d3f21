import { Event, EventTypeList, eventGuard } from '../event';
import { HashedCredential } from '../tenants/tenant-registered.event';
import { Gateway } from '../../gateway';
import { SmsSource } from '../sms/sms-events';

export const FORWARDER_CATEGORY = 'forwarder';
export const FORWARDER_SEEN = 'ForwarderSeen';
export const FORWARDER_HEARTBEAT = 'ForwarderHeartbeat';
export const FORWARDER_NAMED = 'ForwarderNamed';
export const FORWARDER_RETIRED = 'ForwarderRetired';
export const FORWARDER_WENT_SILENT = 'ForwarderWentSilent';
export const FORWARDER_RECOVERED = 'ForwarderRecovered';
export const FORWARDER_CREDENTIAL_ISSUED = 'ForwarderCredentialIssued';
export const FORWARDER_CREDENTIAL_REVOKED = 'ForwarderCredentialRevoked';
export const FORWARDER_ACCOUNT_SEEN = 'ForwarderAccountSeen';

/** A forwarder's stream is named by its id, derived from tenant, app and device: every gateway process finds the same one. */
export function forwarderStream(forwarderId: string): string {
  return `${FORWARDER_CATEGORY}-${forwarderId}`;
}

/** What an app says about its phone when it speaks: a heartbeat's word, or an SMS forwarded (which is `online`). */
export const FORWARDER_STATUSES = ['online', 'offline'] as const;
export type ForwarderStatus = (typeof FORWARDER_STATUSES)[number];

/**
 * A phone (or number) that forwards a tenant's SMS, first heard from, or heard from again after it was retired.
 * `device` is what the payload names it by (SMS Gateway for Android's `deviceId`, httpSMS's `owner`, Twilio's `To`,
 * an `X-Forwarder-Id` header); null for an app that names nothing: the tenant's one unnamed forwarder of that app.
 */
export interface ForwarderSeenData {
  readonly forwarderId: string;
  readonly tenantId: string;
  readonly app: SmsSource;
  readonly device: string | null;
  readonly seenAt: string;
}

/** The app's own word on its phone (SMS Gateway for Android `system:ping`, httpSMS `phone.heartbeat.*`, or ours). */
export interface ForwarderHeartbeatData {
  readonly forwarderId: string;
  readonly status: ForwarderStatus;
  /** When the app says it was so; when we heard it if it did not say. */
  readonly at: string;
  readonly recordedAt: string;
}

/**
 * An account whose money SMS reach us through this phone, first seen: the gateway and the receiving account as its
 * credits and debits state it (null when they state none), and the SIM slot they came in on when the app says
 * (SMS Gateway for Android's `simNumber`, httpSMS's `sim`). Recorded once per account and SIM, so operators see
 * which phone carries which money.
 */
export interface ForwarderAccountSeenData {
  readonly forwarderId: string;
  readonly tenantId: string;
  readonly gateway: Gateway;
  readonly account: string | null;
  readonly sim: number | null;
  readonly seenAt: string;
}

/** An operator's name for the forwarder ("Shop counter phone"). */
export interface ForwarderNamedData {
  readonly forwarderId: string;
  readonly name: string;
  readonly namedBy: string;
}

/** Out of use: not watched for silence until it speaks again. */
export interface ForwarderRetiredData {
  readonly forwarderId: string;
  readonly retiredBy: string;
  readonly retiredAt: string;
}

/**
 * Quiet for longer than it usually is at that hour of the week, while its tenant waits for money it carries: the
 * payments pending of `pendingGateways` (every gateway, for a phone that has forwarded no payment yet) may be arriving
 * unseen. Raised once per silence.
 */
export interface ForwarderWentSilentData {
  readonly forwarderId: string;
  readonly tenantId: string;
  readonly lastHeardAt: string;
  readonly usualQuietMs: number;
  readonly pendingGateways: readonly Gateway[];
  readonly detectedAt: string;
}

/** A silent forwarder spoke again (an SMS, or a heartbeat saying it is online). */
export interface ForwarderRecoveredData {
  readonly forwarderId: string;
  readonly tenantId: string;
  readonly silentSince: string;
  readonly heardAt: string;
}

/** The phone's own key (`pvsfw_…`, kept as a hash): it authenticates the phone and names it; a new one replaces the last. */
export interface ForwarderCredentialIssuedData {
  readonly forwarderId: string;
  readonly tenantId: string;
  readonly credential: HashedCredential;
  readonly issuedBy: string;
  readonly issuedAt: string;
}

/** The phone's key no longer authenticates anything. */
export interface ForwarderCredentialRevokedData {
  readonly forwarderId: string;
  readonly keyId: string;
  readonly revokedBy: string;
  readonly revokedAt: string;
}

export type ForwarderSeen = Event<typeof FORWARDER_SEEN, ForwarderSeenData>;
export type ForwarderHeartbeat = Event<typeof FORWARDER_HEARTBEAT, ForwarderHeartbeatData>;
export type ForwarderNamed = Event<typeof FORWARDER_NAMED, ForwarderNamedData>;
export type ForwarderRetired = Event<typeof FORWARDER_RETIRED, ForwarderRetiredData>;
export type ForwarderWentSilent = Event<typeof FORWARDER_WENT_SILENT, ForwarderWentSilentData>;
export type ForwarderRecovered = Event<typeof FORWARDER_RECOVERED, ForwarderRecoveredData>;
export type ForwarderCredentialIssued = Event<typeof FORWARDER_CREDENTIAL_ISSUED, ForwarderCredentialIssuedData>;
export type ForwarderCredentialRevoked = Event<typeof FORWARDER_CREDENTIAL_REVOKED, ForwarderCredentialRevokedData>;
export type ForwarderAccountSeen = Event<typeof FORWARDER_ACCOUNT_SEEN, ForwarderAccountSeenData>;
/** Every event of a forwarder stream. */
export type ForwarderEvent =
  | ForwarderSeen
  | ForwarderHeartbeat
  | ForwarderNamed
  | ForwarderRetired
  | ForwarderWentSilent
  | ForwarderRecovered
  | ForwarderCredentialIssued
  | ForwarderCredentialRevoked
  | ForwarderAccountSeen;
const FORWARDER_EVENTS: EventTypeList<ForwarderEvent> = {
  [FORWARDER_SEEN]: true,
  [FORWARDER_HEARTBEAT]: true,
  [FORWARDER_NAMED]: true,
  [FORWARDER_RETIRED]: true,
  [FORWARDER_WENT_SILENT]: true,
  [FORWARDER_RECOVERED]: true,
  [FORWARDER_CREDENTIAL_ISSUED]: true,
  [FORWARDER_CREDENTIAL_REVOKED]: true,
  [FORWARDER_ACCOUNT_SEEN]: true,
};
export const FORWARDER_EVENT_TYPES: readonly string[] = Object.keys(FORWARDER_EVENTS);
export const isForwarderEvent = eventGuard<ForwarderEvent>(FORWARDER_EVENTS);
export const isForwarderSeen = eventGuard<ForwarderSeen>({ [FORWARDER_SEEN]: true });
