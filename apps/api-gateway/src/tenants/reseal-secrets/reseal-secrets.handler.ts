import { Inject, Injectable } from '@nestjs/common';
import { EncryptedSecret } from '@pvs/contracts';
import { PAYER_DATA_VAULT, PayerDataVault } from '@pvs/payer-data';
import { CLOCK, Clock } from '@pvs/runtime';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { GATEWAY_CONFIG, GatewayConfig } from '../../gateway-config';
import { TenantChanges } from '../tenant-changes';

export interface ResealOutcome {
  /** Fingerprint of the key every secret is now sealed under. */
  readonly key: string;
  readonly resealed: number;
  readonly unchanged: number;
  /** Payer data keys sealed again (those still held: a destroyed key has nothing to seal). */
  readonly payerDataKeys: number;
}

/**
 * The second half of a secrets key rotation: every tenant's webhook secrets and Twilio auth token sealed again under
 * the current key (SECRETS_KEY), as TenantWebhookSecretResealed and TenantTwilioAuthTokenResealed events, so that the
 * previous key can then be dropped from SECRETS_PREVIOUS_KEYS; and the payer data keys likewise (the data they seal
 * is not touched). Secrets already under the current key are left alone: running it twice changes nothing.
 */
@Injectable()
export class ResealSecretsHandler {
  constructor(
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
    private readonly changes: TenantChanges,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(PAYER_DATA_VAULT) private readonly payerData: PayerDataVault,
  ) {}

  async reseal(correlationId: string): Promise<ResealOutcome> {
    const box = this.config.secretBox;
    let resealed = 0;
    let unchanged = 0;
    for (const { id } of this.tenants.all()) {
      const reseal = (secret: EncryptedSecret) => (box.isStale(secret) ? box.seal(box.open(secret, id), id) : null);
      const change = await this.changes.record(id, correlationId, { type: 'ResealSecrets', keyFingerprint: box.currentKey, reseal, now: this.clock.now() });
      if (change.ok && change.value.recorded) resealed += 1;
      else unchanged += 1;
    }
    return { key: box.currentKey, resealed, unchanged, payerDataKeys: await this.payerData.resealKeys() };
  }
}
