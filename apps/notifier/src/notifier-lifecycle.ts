import { ConfigError } from '@pvs/runtime';
import { SecretBox, TenantDirectory, secretsKeyMismatch } from '@pvs/tenants';
import { DeliveryWorker } from './delivery/delivery-worker';

/** What the notifier starts and stops: its tenant directory (checked against the secrets key first), then its delivery worker. */
export class NotifierLifecycle {
  constructor(
    private readonly tenants: TenantDirectory,
    private readonly worker: DeliveryWorker,
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
