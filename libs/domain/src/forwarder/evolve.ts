import { FORWARDER_HEARTBEAT, FORWARDER_NAMED, FORWARDER_SEEN, ForwarderEvent, ForwarderStatus, SmsSource } from '@pvs/contracts';

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
}

export type ForwarderState = Forwarder | null;

export function evolveForwarder(forwarder: ForwarderState, event: ForwarderEvent): ForwarderState {
  if (event.type === FORWARDER_SEEN) {
    const { forwarderId, tenantId, app, device, seenAt } = event.data;
    return forwarder ? { ...forwarder, retiredAt: null } : { id: forwarderId, tenantId, app, device, name: null, firstSeenAt: seenAt, heartbeat: null, retiredAt: null };
  }
  if (!forwarder) return forwarder;
  if (event.type === FORWARDER_HEARTBEAT) return { ...forwarder, heartbeat: { status: event.data.status, at: event.data.at } };
  if (event.type === FORWARDER_NAMED) return { ...forwarder, name: event.data.name };
  return { ...forwarder, retiredAt: event.data.retiredAt };
}
