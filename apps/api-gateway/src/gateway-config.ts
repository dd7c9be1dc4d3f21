import { MetricsAccess } from '@pvs/observability';
import { SecretBox } from '@pvs/tenants';
import { GatewaySettings } from './gateway-settings';

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export interface GatewayConfig extends GatewaySettings {
  /** SHA-256 of the admin bearer token; the token itself is never kept. */
  readonly adminTokenHash: string;
  /** Encrypts tenants' webhook signing secrets at rest. */
  readonly secretBox: SecretBox;
  /** Who may read GET /metrics (METRICS_TOKEN). */
  readonly metricsAccess: MetricsAccess;
}

/** Largest request body accepted; a larger one is answered 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;
