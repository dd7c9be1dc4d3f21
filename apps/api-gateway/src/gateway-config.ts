import { SecretBox } from '@pvs/tenants';

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export interface GatewayConfig {
  /** SHA-256 of the admin bearer token; the token itself is never kept. */
  readonly adminTokenHash: string;
  readonly paymentExpirySeconds: number;
  /** How long SMS ingest waits for the matcher's decision before answering with what it knows. */
  readonly smsDecisionWaitMs: number;
  /** Encrypts tenants' webhook signing secrets at rest. */
  readonly secretBox: SecretBox;
}

/** Largest request body accepted; a larger one is answered 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;
