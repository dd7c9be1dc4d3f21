import { Inject, Injectable } from '@nestjs/common';
import { mobilesIn, paymentSubject } from '@pvs/contracts';
import { ERASED, PAYER_DATA_VAULT, PayerDataVault } from '@pvs/payer-data';

/**
 * What a payment's payer told of themselves (an intent's `sender_source`, the name and number given on a payment
 * page): sealed under the payment's key before it is recorded, opened only for the merchant it was told to.
 */
@Injectable()
export class PaymentPayerData {
  constructor(@Inject(PAYER_DATA_VAULT) private readonly vault: PayerDataVault) {}

  /** As recorded: sealed, or null when not given, or when the payment's payer data was erased before. */
  async seal(tenantId: string, paymentId: string, told: string | null): Promise<string | null> {
    if (told === null) return null;
    const sealed = await this.vault.seal(tenantId, paymentSubject(paymentId), told, mobilesIn(told));
    return sealed === ERASED ? null : sealed;
  }

  /** Recorded details opened, in their order: null where none was given, or where it was erased. */
  async open(recorded: readonly { readonly tenantId: string; readonly stored: string | null }[]): Promise<(string | null)[]> {
    const given = recorded.flatMap(({ tenantId, stored }) => (stored === null ? [] : [{ tenantId, stored }]));
    const opened = await this.vault.revealAll(given);
    let next = 0;
    return recorded.map(({ stored }) => {
      if (stored === null) return null;
      const text = opened[next++];
      return text === ERASED ? null : text;
    });
  }
}
