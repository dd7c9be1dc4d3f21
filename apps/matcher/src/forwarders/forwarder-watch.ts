import { randomUUID } from 'node:crypto';
import { forwarderStream } from '@pvs/contracts';
import { SilenceLimits, forwarderDecider, usualQuietMs } from '@pvs/domain';
import { EventStore, handleCommand } from '@pvs/event-store';
import { FORWARDERS_PROJECTION, PAYMENTS_PROJECTION, QuietForwarder, QuietForwarders, SMS_PROJECTION } from '@pvs/read-model';

import { NOTHING_RAISED, Watch, WatchRound, latestOf, roundOf } from '../watching/watch-schedule';

const BATCH = 500;
const DAY_MS = 86_400_000;
/** The weeks a phone's usual quiet is learnt from (what the forwarders projection keeps). */
const LEARNT_FROM_MS = 28 * DAY_MS;

/** A quiet phone's usual quiet, reckoned once per last word. */
interface Reckoned {
  readonly lastHeardAt: number;
  readonly usualQuietMs: number;
}

/**
 * Raises `ForwarderWentSilent` for a phone quiet for longer than it usually is at that hour of the week (or said
 * offline by its app) while its tenant has payments pending of a gateway it carries, registered within twice the
 * ceiling (an older one was most likely abandoned). Driven by stored state: the
 * read model lists the phones quiet past the floor (an index range), each one's stream decides, once per silence,
 * so a restart raises nothing twice. A phone's usual quiet is reckoned once per last word and kept until then.
 */
export class ForwarderWatch implements Watch {
  /** Its phones, their SMS (the gateways each carries), the payments pending. */
  readonly reads = [FORWARDERS_PROJECTION, SMS_PROJECTION, PAYMENTS_PROJECTION];
  private readonly reckoned = new Map<string, Reckoned>();

  constructor(
    private readonly events: EventStore,
    private readonly quiet: QuietForwarders,
    private readonly limits: SilenceLimits,
  ) {}

  /** Raises the silences due now. */
  async round(now: Date): Promise<WatchRound> {
    let result: WatchRound = { raised: 0, checkpoint: null };
    const quietSince = new Date(now.getTime() - this.limits.floorMs);
    const seen = new Set<string>();
    const learntSince = new Date(now.getTime() - LEARNT_FROM_MS);
    const correlationId = randomUUID();
    // A payment pending for twice the longest quiet a phone is allowed was most likely abandoned: it awaits nothing now.
    const awaitedSince = new Date(now.getTime() - 2 * this.limits.ceilingMs);
    for (
      let page = await this.quiet.since(quietSince, awaitedSince, BATCH);
      page.length > 0;
      page = page.length < BATCH ? [] : await this.quiet.since(quietSince, awaitedSince, BATCH, page.at(-1))
    ) {
      for (const candidate of page) result = latestOf(result, await this.consider(candidate, now, learntSince, awaitedSince, correlationId, seen));
    }
    // A phone no longer listed (it spoke, was retired, is silent now, or its tenant waits for nothing) needs no reckoning kept.
    for (const forwarderId of this.reckoned.keys()) if (!seen.has(forwarderId)) this.reckoned.delete(forwarderId);
    return result;
  }

  /** One quiet phone: raised when it is past its usual quiet and its tenant waits for money it carries. */
  private async consider(
    { forwarderId, tenantId, lastHeardAt, saidOffline }: QuietForwarder,
    now: Date,
    learntSince: Date,
    awaitedSince: Date,
    correlationId: string,
    seen: Set<string>,
  ): Promise<WatchRound> {
    seen.add(forwarderId);
    // A phone its app says is offline is silent once quiet past the floor; any other, past its usual quiet.
    const usual = saidOffline ? this.limits.floorMs : await this.usualQuiet(forwarderId, lastHeardAt, learntSince);
    if (now.getTime() - lastHeardAt.getTime() <= usual) return NOTHING_RAISED;
    const pendingGateways = await this.quiet.pendingGateways(tenantId, forwarderId, learntSince, awaitedSince);
    if (pendingGateways.length === 0) return NOTHING_RAISED;
    const command = { type: 'MarkSilent', lastHeardAt, usualQuietMs: usual, pendingGateways, now } as const;
    const marked = await handleCommand(this.events, forwarderStream(forwarderId), forwarderDecider, command, { metadata: { tenantId, correlationId } });
    return roundOf(marked);
  }

  private async usualQuiet(forwarderId: string, lastHeardAt: Date, learntSince: Date): Promise<number> {
    const kept = this.reckoned.get(forwarderId);
    if (kept?.lastHeardAt === lastHeardAt.getTime()) return kept.usualQuietMs;
    const history = await this.quiet.heard(forwarderId, learntSince);
    const reckoned = { lastHeardAt: lastHeardAt.getTime(), usualQuietMs: usualQuietMs(history, lastHeardAt.getTime(), this.limits) };
    this.reckoned.set(forwarderId, reckoned);
    return reckoned.usualQuietMs;
  }
}
