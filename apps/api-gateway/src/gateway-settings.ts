import { EnvReader } from '@pvs/runtime';

/** The gateway's own settings from the environment. */
export interface GatewaySettings {
  readonly paymentExpirySeconds: number;
  /** How long SMS ingest waits for the matcher's decision before answering with what it knows. */
  readonly smsDecisionWaitMs: number;
}

export function loadGatewaySettings(read: EnvReader): GatewaySettings {
  return {
    paymentExpirySeconds: read.integer('PAYMENT_EXPIRY_SECONDS', 86_400, { min: 60, max: 90 * 86_400 }),
    smsDecisionWaitMs: read.integer('SMS_DECISION_WAIT_MS', 2_000, { min: 0, max: 30_000 }),
  };
}
