import { FORWARDER_CATEGORY, FORWARDER_CREDENTIAL_ISSUED, ForwarderStatus, forwarderStream, isForwarderEvent } from '@pvs/contracts';
import { CarriedAccount, Forwarder, ForwarderCommand, ForwarderHandle, ForwarderState, forwarderDecider, forwarderIdOf, isNewAccount } from '@pvs/domain';
import { credentialMatches, parseCredential } from '@pvs/tenants';
import { AppendSignals, CatchUpSubscription, Checkpoint, EventStore, RecordedEvent, handleCommand } from '@pvs/event-store';

export const FORWARDER_REGISTRY = Symbol('FORWARDER_REGISTRY');

interface Known {
  readonly state: ForwarderState;
  readonly version: number;
}

/**
 * Every forwarder's state, kept in memory from the forwarder streams in every gateway process, so an SMS from a
 * phone already known (and not retired) costs no read and no append; the first SMS of a phone records it. The
 * commands go through the stream's decider on the state held here: if another process got there first, the
 * append conflicts and the stream is read.
 */
export class ForwarderRegistry {
  private readonly known = new Map<string, Known>();
  /** Which forwarder each key id was issued to (the forwarder's state says whether it is still its key). */
  private readonly byKeyId = new Map<string, string>();
  private readonly subscription: CatchUpSubscription;

  constructor(
    private readonly events: EventStore,
    signals: AppendSignals,
    pollIntervalMs = 250,
  ) {
    this.subscription = CatchUpSubscription.fromStart(events, signals, { categories: [FORWARDER_CATEGORY] }, (batch) => this.applyAll(batch), pollIntervalMs);
  }

  start(): Promise<void> {
    return this.subscription.startCaughtUp();
  }

  stop(): Promise<void> {
    return this.subscription.stop();
  }

  /**
   * Records the forwarder an SMS came through when it is new or was retired, its recovery when it was silent, and the
   * account the SMS names money of when the phone has not carried it before.
   */
  async hear(from: ForwarderHandle, carrying: CarriedAccount | null, now: Date, correlationId: string): Promise<void> {
    const id = forwarderIdOf(from);
    const held = this.known.get(id)?.state;
    // Known, in use, not silent, and no new account: nothing to record. Otherwise the stream decides.
    if (held && held.retiredAt === null && held.silentSince === null && !isNewAccount(held, carrying)) return;
    await this.send(id, { type: 'Hear', from, carrying, now }, correlationId);
  }

  /**
   * Sends a command to one forwarder's stream. What a phone says (an SMS, a heartbeat) is decided on the state held
   * here, without a read; an operator's command reads the stream, so that it is never refused on a state not yet
   * caught up.
   */
  send(forwarderId: string, command: ForwarderCommand, correlationId: string) {
    const fromThePhone = command.type === 'Hear' || command.type === 'Beat';
    return handleCommand(this.events, forwarderStream(forwarderId), forwarderDecider, command, {
      metadata: (state) => ({ tenantId: fromThePhone ? command.from.tenantId : (state?.tenantId ?? (command.type === 'IssueCredential' ? command.from?.tenantId : undefined)), correlationId }),
      known: fromThePhone ? (this.known.get(forwarderId) ?? { state: null, version: 0 }) : undefined,
    });
  }

  /** Records a heartbeat (and the forwarder, when it is new or was retired); returns its id. */
  async beat(from: ForwarderHandle, status: ForwarderStatus, at: Date | null, now: Date, correlationId: string): Promise<string> {
    const id = forwarderIdOf(from);
    await this.send(id, { type: 'Beat', from, status, at, now }, correlationId);
    return id;
  }

  /** Resolves true once the forwarder event at `checkpoint` is applied here. */
  waitFor(checkpoint: Checkpoint, timeoutMs: number): Promise<boolean> {
    return this.subscription.waitFor(checkpoint, timeoutMs);
  }

  /**
   * The phone a forwarder key (`pvsfw_…`) belongs to, when it is its phone's current key: read on to the log's end
   * once when the key is not known here yet (issued through another process a moment ago).
   */
  async authenticate(presented: string): Promise<Forwarder | null> {
    const credential = parseCredential('pvsfw', presented);
    if (!credential) return null;
    if (!this.byKeyId.has(credential.keyId)) await this.subscription.catchUp();
    const forwarderId = this.byKeyId.get(credential.keyId);
    const forwarder = forwarderId === undefined ? null : (this.known.get(forwarderId)?.state ?? null);
    return forwarder?.credential && credentialMatches(forwarder.credential, credential) ? forwarder : null;
  }

  private applyAll(events: readonly RecordedEvent[]): void {
    for (const event of events) {
      if (!isForwarderEvent(event)) continue;
      const id = event.data.forwarderId;
      const held = this.known.get(id);
      if (held && event.streamVersion <= held.version) continue;
      this.known.set(id, { state: forwarderDecider.evolve(held?.state ?? null, event), version: event.streamVersion });
      if (event.type === FORWARDER_CREDENTIAL_ISSUED) this.byKeyId.set(event.data.credential.keyId, id);
    }
  }
}
