import { FORWARDER_HEARTBEAT, FORWARDER_NAMED, FORWARDER_RETIRED, FORWARDER_SEEN, ForwarderEvent, ForwarderSeen, ForwarderStatus, SmsSource, isForwarderEvent } from '@pvs/contracts';
import { Decider, Decision, accept, refuse } from '../decider';
import { forwarderIdFor } from '../ids/payment-id';
import { Principal } from '../operator';
import { ForwarderState, evolveForwarder } from './evolve';

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

export type ForwarderCommand =
  /** An SMS came through it: known from then on. */
  | { readonly type: 'Hear'; readonly from: ForwarderHandle; readonly now: Date }
  | { readonly type: 'Beat'; readonly from: ForwarderHandle; readonly status: ForwarderStatus; readonly at: Date | null; readonly now: Date }
  | { readonly type: 'Name'; readonly name: string; readonly by: Principal }
  | { readonly type: 'Retire'; readonly by: Principal; readonly now: Date };

/**
 * A forwarder is known from the first SMS or heartbeat it sends, once: hearing it again changes nothing (its SMS are
 * its history), unless it was retired, when it is back. Every heartbeat is recorded: silence is read from them.
 */
export function decideForwarder(command: ForwarderCommand, forwarder: ForwarderState): Decision<ForwarderEvent> {
  switch (command.type) {
    case 'Hear':
      return forwarder && forwarder.retiredAt === null ? accept() : accept(seen(command.from, command.now));
    case 'Beat': {
      const { from, status, at, now } = command;
      const beat: ForwarderEvent = { type: FORWARDER_HEARTBEAT, data: { forwarderId: forwarderIdOf(from), status, at: (at ?? now).toISOString(), recordedAt: now.toISOString() } };
      return forwarder && forwarder.retiredAt === null ? accept(beat) : accept<ForwarderEvent>(seen(from, now), beat);
    }
    case 'Name':
      if (!forwarder) return refuse('not_found', FORWARDER_NOT_FOUND);
      if (forwarder.name === command.name) return accept();
      return accept({ type: FORWARDER_NAMED, data: { forwarderId: forwarder.id, name: command.name, namedBy: command.by.name } });
    case 'Retire':
      if (!forwarder) return refuse('not_found', FORWARDER_NOT_FOUND);
      if (forwarder.retiredAt !== null) return accept();
      return accept({ type: FORWARDER_RETIRED, data: { forwarderId: forwarder.id, retiredBy: command.by.name, retiredAt: command.now.toISOString() } });
  }
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
