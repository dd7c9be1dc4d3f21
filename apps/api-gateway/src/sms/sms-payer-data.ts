import { Inject, Injectable } from '@nestjs/common';
import { SMS_PARSED, SealedText, SmsParse, SmsReceivedData, payerMobilesIn, smsSubject } from '@pvs/contracts';
import { ERASED, Opened, PAYER_DATA_VAULT, PayerDataVault } from '@pvs/payer-data';

/**
 * The payer data an SMS carries, its body and the payer its reading found: sealed under the SMS's key before either
 * is recorded, and opened only where a person is shown it or the parser reads it again.
 */
@Injectable()
export class SmsPayerData {
  constructor(@Inject(PAYER_DATA_VAULT) private readonly vault: PayerDataVault) {}

  /**
   * The SMS as it is recorded: its body sealed, with the numbers it names indexed, so that a payer asking to be
   * forgotten by number finds it — all but the merchant's own (`merchantAccounts`: its receiving accounts, and the one
   * the reading found credited), which would make every SMS of the shop one payer's. ERASED when this SMS was recorded
   * before and its payer data erased.
   */
  async sealReceived(received: SmsReceivedData, merchantAccounts: readonly string[]): Promise<SmsReceivedData | typeof ERASED> {
    const body = await this.vault.seal(received.tenantId, smsSubject(received.smsId), received.body, payerMobilesIn(received.body, merchantAccounts));
    return body === ERASED ? ERASED : { ...received, body };
  }

  /** An example an operator teaches from, as it is recorded: sealed under the key of the SMS it is (or would be, typed in by hand). */
  sealExample(tenantId: string, smsId: string, body: string): Promise<SealedText | typeof ERASED> {
    return this.vault.seal(tenantId, smsSubject(smsId), body);
  }

  /** A reading as it is recorded: the payer it found sealed with the SMS's key (none once that is erased). */
  async sealParse(parse: SmsParse): Promise<SmsParse> {
    if (parse.type !== SMS_PARSED || parse.data.payer === null) return parse;
    const payer = await this.vault.seal(parse.data.tenantId, smsSubject(parse.data.smsId), JSON.stringify(parse.data.payer));
    return { type: SMS_PARSED, data: { ...parse.data, payer: payer === ERASED ? null : payer } };
  }

  /** The text of a recorded SMS (its event or its row), or ERASED. */
  body(tenantId: string, stored: string): Promise<Opened> {
    return this.vault.reveal(tenantId, stored);
  }

  /** The texts of recorded SMS, in their order: null for each whose payer data was erased. */
  async bodies(sms: readonly { readonly tenantId: string; readonly body: string }[]): Promise<(string | null)[]> {
    const opened = await this.vault.revealAll(sms.map(({ tenantId, body }) => ({ tenantId, stored: body })));
    return opened.map((text) => (text === ERASED ? null : text));
  }
}
