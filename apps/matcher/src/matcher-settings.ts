import { SilenceLimits, StallLimits } from '@pvs/domain';
import { KeyWrapper } from '@pvs/payer-data';
import { EnvReader } from '@pvs/runtime';

export interface MatcherSettings {
  readonly expirySweepIntervalMs: number;
  /** How often the watches look for silent phones and for gaps in the ledgers. */
  readonly watchIntervalMs: number;
  /** How long a ledger break lasts before it is reported: time for an SMS on its way, out of order, to arrive. */
  readonly gapSettleMs: number;
  readonly stall: StallLimits;
  readonly silence: SilenceLimits;
  /** How often payer data past its tenant's retention is looked for. */
  readonly retentionIntervalMs: number;
}

export interface MatcherConfig extends MatcherSettings {
  /** The service's key ring, which seals the payer data keys: the stall watch reads the text of rejected SMS, retention destroys keys. */
  readonly secretBox: KeyWrapper;
}

const MINUTE_MS = 60_000;

export function loadMatcherSettings(read: EnvReader): MatcherSettings {
  const floor = read.integer('FORWARDER_SILENCE_FLOOR_MINUTES', 30, { min: 1, max: 1_440 });
  return {
    expirySweepIntervalMs: read.integer('EXPIRY_SWEEP_INTERVAL_MS', 5_000, { min: 100, max: 3_600_000 }),
    watchIntervalMs: read.integer('WATCH_INTERVAL_MS', 60_000, { min: 100, max: 3_600_000 }),
    gapSettleMs: read.integer('SMS_GAP_SETTLE_MINUTES', 10, { min: 1, max: 1_440 }) * MINUTE_MS,
    retentionIntervalMs: read.integer('PAYER_DATA_RETENTION_INTERVAL_MS', 3_600_000, { min: 100, max: 86_400_000 }),
    stall: stallLimits(read),
    silence: {
      floorMs: floor * MINUTE_MS,
      ceilingMs: read.integer('FORWARDER_SILENCE_CEILING_MINUTES', 360, { min: floor, max: 10_080 }) * MINUTE_MS,
      newMs: read.integer('FORWARDER_SILENCE_NEW_MINUTES', 120, { min: 1, max: 10_080 }) * MINUTE_MS,
    },
  };
}

function stallLimits(read: EnvReader): StallLimits {
  const floor = read.integer('STALL_FLOOR_MINUTES', 10, { min: 1, max: 1_440 });
  return { floorMs: floor * MINUTE_MS, defaultMs: read.integer('STALL_DEFAULT_MINUTES', 30, { min: floor, max: 10_080 }) * MINUTE_MS };
}
