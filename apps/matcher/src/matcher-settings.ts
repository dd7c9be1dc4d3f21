import { EnvReader } from '@pvs/runtime';

export interface MatcherConfig {
  readonly expirySweepIntervalMs: number;
}

export function loadMatcherSettings(read: EnvReader): MatcherConfig {
  return { expirySweepIntervalMs: read.integer('EXPIRY_SWEEP_INTERVAL_MS', 5_000, { min: 100, max: 3_600_000 }) };
}
