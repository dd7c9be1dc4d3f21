import {
  FORWARDER_ACCOUNT_SEEN,
  FORWARDER_CREDENTIAL_ISSUED,
  FORWARDER_CREDENTIAL_REVOKED,
  FORWARDER_HEARTBEAT,
  FORWARDER_NAMED,
  FORWARDER_RECOVERED,
  FORWARDER_RETIRED,
  FORWARDER_SEEN,
  FORWARDER_WENT_SILENT,
  ForwarderEvent,
  ForwarderStatus,
  Gateway,
  HashedCredential,
  SmsSource,
} from '@pvs/contracts';

/** An account whose SMS come through a phone (see ForwarderAccountSeenData). */
export interface CarriedAccount {
  readonly gateway: Gateway;
  readonly account: string | null;
  readonly sim: number | null;
}

/** A forwarding phone as folded from its stream. */
export interface Forwarder {
  readonly id: string;
  readonly tenantId: string;
  readonly app: SmsSource;
  readonly device: string | null;
  readonly name: string | null;
  readonly firstSeenAt: string;
  /** The last heartbeat's word, null until one came. */
  readonly heartbeat: { readonly status: ForwarderStatus; readonly at: string } | null;
  readonly retiredAt: string | null;
  /** When its current silence was raised; null while it is heard as usual. */
  readonly silentSince: string | null;
  /** Its last word this stream knows of (first sight, online heartbeat, recovery); its other SMS are on their own streams. */
  readonly lastWordAt: string;
  /** Its own key, as a hash; null when it has none (it authenticates with its tenant's credentials). */
  readonly credential: HashedCredential | null;
  /** The accounts its credits and debits name, in the order first seen. */
  readonly accounts: readonly (CarriedAccount & { readonly since: string })[];
}

export type ForwarderState = Forwarder | null;

export function evolveForwarder(forwarder: ForwarderState, event: ForwarderEvent): ForwarderState {
  if (event.type === FORWARDER_SEEN) {
    const { forwarderId, tenantId, app, device, seenAt } = event.data;
    return forwarder
      ? { ...forwarder, retiredAt: null, lastWordAt: latest(forwarder.lastWordAt, seenAt) }
      : { id: forwarderId, tenantId, app, device, name: null, firstSeenAt: seenAt, heartbeat: null, retiredAt: null, silentSince: null, lastWordAt: seenAt, credential: null, accounts: [] };
  }
  if (!forwarder) return forwarder;
  switch (event.type) {
    case FORWARDER_HEARTBEAT: {
      const { status, at, recordedAt } = event.data;
      return { ...forwarder, heartbeat: { status, at }, lastWordAt: status === 'online' ? latest(forwarder.lastWordAt, recordedAt) : forwarder.lastWordAt };
    }
    case FORWARDER_NAMED:
      return { ...forwarder, name: event.data.name };
    case FORWARDER_RETIRED:
      // A retired phone is not watched: a silence it was in ends unremarked.
      return { ...forwarder, retiredAt: event.data.retiredAt, silentSince: null };
    case FORWARDER_WENT_SILENT:
      return { ...forwarder, silentSince: event.data.detectedAt };
    case FORWARDER_RECOVERED:
      return { ...forwarder, silentSince: null, lastWordAt: latest(forwarder.lastWordAt, event.data.heardAt) };
    case FORWARDER_CREDENTIAL_ISSUED:
      return { ...forwarder, credential: event.data.credential };
    case FORWARDER_CREDENTIAL_REVOKED:
      return forwarder.credential?.keyId === event.data.keyId ? { ...forwarder, credential: null } : forwarder;
    case FORWARDER_ACCOUNT_SEEN: {
      const { gateway, account, sim, seenAt } = event.data;
      return { ...forwarder, accounts: [...forwarder.accounts, { gateway, account, sim, since: seenAt }] };
    }
  }
}

/** The later of two ISO 8601 UTC times (as recorded, they compare as text). */
function latest(a: string, b: string): string {
  return a > b ? a : b;
}
