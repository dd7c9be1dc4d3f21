import { EnvReader } from '@pvs/runtime';
import { DeliveryWorkerOptions } from './delivery/delivery-worker';
import { DEFAULT_RETRY_SCHEDULE_SECONDS } from './delivery/retry-schedule';

export interface NotifierSettings extends DeliveryWorkerOptions {
  readonly allowPrivateNetworks: boolean;
}

export function loadNotifierSettings(read: EnvReader): NotifierSettings {
  return {
    allowPrivateNetworks: read.boolean('WEBHOOK_ALLOW_PRIVATE_NETWORKS', false),
    retryScheduleSeconds: read.integerList('WEBHOOK_RETRY_SCHEDULE', DEFAULT_RETRY_SCHEDULE_SECONDS, { min: 0, max: 7 * 86_400 }),
    timeoutMs: read.integer('WEBHOOK_TIMEOUT_MS', 10_000, { min: 100, max: 60_000 }),
    maxInFlight: read.integer('WEBHOOK_MAX_IN_FLIGHT', 32, { min: 1, max: 1_000 }),
    perEndpointLimit: read.integer('WEBHOOK_PER_ENDPOINT_LIMIT', 4, { min: 1, max: 100 }),
    disableEndpointAfterMs: read.integer('WEBHOOK_DISABLE_ENDPOINT_AFTER_HOURS', 120, { min: 1, max: 30 * 24 }) * 3_600_000,
    pollIntervalMs: 250,
  };
}
