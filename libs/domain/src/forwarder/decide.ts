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
  ForwarderSeen,
  ForwarderStatus,
  Gateway,
  HashedCredential,
  SMS_PARSED,
  SmsParse,
  SmsSource,
  isForwarderEvent,
} from '@pvs/contracts';
import { Decider, Decision, accept, refuse } from '../decider';
import { forwarderIdFor } from '../ids/payment-id';
import { Principal } from '../operator';
import { CarriedAccount, ForwarderState, evolveForwarder } from './evolve';

export const FORWARDER_NOT_FOUND = 'Forwarder not found';

/** Who a forwarder is, as the payload or header that brought an SMS or heartbeat names it. */
export interface ForwarderHandle {
  readonly tenantId: string;
  readonly app: SmsSource;
  readonly device: string | null;
  /** Whether the merchant named the phone (`X-Forwarder-Id`) or its app's payload did. */
  readonly namedBy: 'payload' | 'header';
}

export function forwarderIdOf({ tenantId, app, device, namedBy }: ForwarderHandle): string {
  return forwarderIdFor(tenantId, namedBy === 'header' ? null : app, device);
}

/** How many accounts a phone's record lists: more is no phone a shop keeps, and its SMS count all the same. */
export const MAX_CARRIED_ACCOUNTS = 32;

/** The account an SMS's reading names money of (a credit, or a debit stating its balance); null for any other SMS. */
export function accountCarriedBy(parse: SmsParse, sim: number | null): CarriedAccount | null {
  if (parse.type === SMS_PARSED) return { gateway: parse.data.gateway, account: parse.data.receivingAccount, sim };
  const { debit } = parse.data;
  return debit ? { gateway: debit.gateway, account: debit.account, sim } : null;
}

/** Whether hearing the phone carry this account (if any) is news: one it has not carried before, while there is room. */
export function isNewAccount(forwarder: ForwarderState, carrying: CarriedAccount | null): carrying is CarriedAccount {
  if (!carrying) return false;
  const accounts = forwarder?.accounts ?? [];
  const known = accounts.some(({ gateway, account, sim }) => gateway === carrying.gateway && account === carrying.account && sim === carrying.sim);
  return !known && accounts.length < MAX_CARRIED_ACCOUNTS;
}

export type ForwarderCommand =
  /** An SMS came through it, naming money of `carrying` (or none): known from then on. */
  | { readonly type: 'Hear'; readonly from: ForwarderHandle; readonly carrying: CarriedAccount | null; readonly now: Date }
  | { readonly type: 'Beat'; readonly from: ForwarderHandle; readonly status: ForwarderStatus; readonly at: Date | null; readonly now: Date }
  | { readonly type: 'Name'; readonly name: string; readonly by: Principal }
  /** The watch found it quiet for longer than usual while its tenant waits for money of `pendingGateways`. */
  | { readonly type: 'MarkSilent'; readonly lastHeardAt: Date; readonly usualQuietMs: number; readonly pendingGateways: readonly Gateway[]; readonly now: Date }
  | { readonly type: 'Retire'; readonly by: Principal; readonly now: Date }
  /**
   * An operator provisions the phone a key of its own (`from` when it is new: a phone named as `X-Forwarder-Id`
   * would name it). A key is only for a phone named by the merchant: one its app names carries that name itself.
   */
  | { readonly type: 'IssueCredential'; readonly credential: HashedCredential; readonly from: ForwarderHandle | null; readonly by: Principal; readonly now: Date }
  | { readonly type: 'RevokeCredential'; readonly by: Principal; readonly now: Date };

export const NAMED_BY_PAYLOAD = "This phone's app names it in every payload: it authenticates with its tenant's gateway secret";

/**
 * A forwarder is known from the first SMS or heartbeat it sends, once: hearing it again changes nothing (its SMS are
 * its history), unless it was retired, when it is back, or silent, when it has recovered, or the SMS names money of an
 * account it has not carried before. Every heartbeat is
 * recorded; one saying the phone is offline is no sign of life. A silence is raised once, never for a retired phone,
 * and never on a reading of the phone's last word older than one its stream holds (a recovery the read model had
 * not caught up with).
 */
export function decideForwarder(command: ForwarderCommand, forwarder: ForwarderState): Decision<ForwarderEvent> {
  switch (command.type) {
    case 'Hear': {
      const { from, carrying, now } = command;
      const news = isNewAccount(forwarder, carrying) ? [accountSeen(forwarderIdOf(from), from.tenantId, carrying, now)] : [];
      return accept(...heard(forwarder, from, now), ...news);
    }
    case 'Beat': {
      const { from, status, at, now } = command;
      const beat: ForwarderEvent = { type: FORWARDER_HEARTBEAT, data: { forwarderId: forwarderIdOf(from), status, at: (at ?? now).toISOString(), recordedAt: now.toISOString() } };
      // An app's word that the phone is offline is recorded, and brings no retired phone back.
      if (status === 'offline') return accept<ForwarderEvent>(...(forwarder ? [] : [seen(from, now)]), beat);
      return accept(...heard(forwarder, from, now), beat);
    }
    case 'MarkSilent': {
      if (!forwarder) return refuse('not_found', FORWARDER_NOT_FOUND);
      const { lastHeardAt, usualQuietMs, pendingGateways, now } = command;
      // Raised once; never for a retired phone; never on a reading older than a word the stream has heard since.
      if (forwarder.retiredAt !== null || forwarder.silentSince !== null || lastHeardAt.toISOString() < forwarder.lastWordAt) return accept();
      return accept({
        type: FORWARDER_WENT_SILENT,
        data: { forwarderId: forwarder.id, tenantId: forwarder.tenantId, lastHeardAt: lastHeardAt.toISOString(), usualQuietMs, pendingGateways, detectedAt: now.toISOString() },
      });
    }
    case 'Name':
      if (!forwarder) return refuse('not_found', FORWARDER_NOT_FOUND);
      if (forwarder.name === command.name) return accept();
      return accept({ type: FORWARDER_NAMED, data: { forwarderId: forwarder.id, name: command.name, namedBy: command.by.name } });
    case 'Retire':
      if (!forwarder) return refuse('not_found', FORWARDER_NOT_FOUND);
      if (forwarder.retiredAt !== null) return accept();
      return accept({ type: FORWARDER_RETIRED, data: { forwarderId: forwarder.id, retiredBy: command.by.name, retiredAt: command.now.toISOString() } });
    case 'IssueCredential': {
      const { credential, from, by, now } = command;
      if (forwarder) {
        // A key names its phone as X-Forwarder-Id would: a phone its app names carries that name itself.
        if (forwarderIdFor(forwarder.tenantId, null, forwarder.device) !== forwarder.id) return refuse('conflict', NAMED_BY_PAYLOAD);
        return accept(issued(forwarder.id, forwarder.tenantId, credential, by, now));
      }
      if (!from) return refuse('not_found', FORWARDER_NOT_FOUND);
      return accept<ForwarderEvent>(seen(from, now), issued(forwarderIdOf(from), from.tenantId, credential, by, now));
    }
    case 'RevokeCredential':
      if (!forwarder) return refuse('not_found', FORWARDER_NOT_FOUND);
      if (!forwarder.credential) return accept();
      return accept({ type: FORWARDER_CREDENTIAL_REVOKED, data: { forwarderId: forwarder.id, keyId: forwarder.credential.keyId, revokedBy: command.by.name, revokedAt: command.now.toISOString() } });
  }
}

/** What hearing a phone speak records: it is known (again), and out of its silence. */
function heard(forwarder: ForwarderState, from: ForwarderHandle, now: Date): ForwarderEvent[] {
  if (!forwarder || forwarder.retiredAt !== null) return [seen(from, now)];
  if (forwarder.silentSince === null) return [];
  return [{ type: FORWARDER_RECOVERED, data: { forwarderId: forwarder.id, tenantId: forwarder.tenantId, silentSince: forwarder.silentSince, heardAt: now.toISOString() } }];
}

function issued(forwarderId: string, tenantId: string, credential: HashedCredential, by: Principal, now: Date): ForwarderEvent {
  return { type: FORWARDER_CREDENTIAL_ISSUED, data: { forwarderId, tenantId, credential, issuedBy: by.name, issuedAt: now.toISOString() } };
}

function accountSeen(forwarderId: string, tenantId: string, { gateway, account, sim }: CarriedAccount, now: Date): ForwarderEvent {
  return { type: FORWARDER_ACCOUNT_SEEN, data: { forwarderId, tenantId, gateway, account, sim, seenAt: now.toISOString() } };
}

function seen(from: ForwarderHandle, now: Date): ForwarderSeen {
  return { type: FORWARDER_SEEN, data: { forwarderId: forwarderIdOf(from), tenantId: from.tenantId, app: from.app, device: from.device, seenAt: now.toISOString() } };
}

export const forwarderDecider: Decider<ForwarderCommand, ForwarderState, ForwarderEvent> = {
  initialState: null,
  isEvent: isForwarderEvent,
  evolve: evolveForwarder,
  decide: decideForwarder,
};
