import { ConfigError } from '@pvs/runtime';
import { SecretBox, TenantDirectory, secretsKeyMismatch } from '@pvs/tenants';
import { DeliveryWorker } from './delivery/delivery-worker';
import { EnqueueAlertDeliveries } from './webhooks/enqueue-alert-deliveries';
import { EnqueueDeliveries } from './webhooks/enqueue-deliveries';

export const NOTIFIER = Symbol('NOTIFIER');

/** The notifier's moving parts, started and stopped together; the bus delivers decisions to `deliveries`, alerts to `alerts`. */
export class Notifier {
  constructor(
    readonly tenants: TenantDirectory,
    readonly worker: DeliveryWorker,
    readonly deliveries: EnqueueDeliveries,
    readonly alerts: EnqueueAlertDeliveries,
    private readonly secretBox: SecretBox,
  ) {}

  async start(): Promise<void> {
    await this.tenants.start();
    const mismatch = secretsKeyMismatch(this.tenants.all(), this.secretBox);
    if (mismatch) {
      await this.tenants.stop();
      throw new ConfigError('SECRETS_KEY', mismatch);
    }
    this.worker.start();
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    await this.tenants.stop();
  }
}
