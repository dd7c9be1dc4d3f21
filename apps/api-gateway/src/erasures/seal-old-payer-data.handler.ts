import { Inject, Injectable } from '@nestjs/common';
import {
  PAYMENT_INTENT_REGISTERED,
  PAYMENT_LINK_USED,
  PayerSubject,
  SMS_PARSED,
  SMS_RECEIVED,
  SMS_TEMPLATE_LEARNED,
  isSealedText,
  mobilesIn,
  payerMobilesIn,
  paymentSubject,
  smsSubject,
} from '@pvs/contracts';
import { Result, refused, smsIdFor, succeed } from '@pvs/domain';
import { EVENT_DATA_REWRITE, EventDataRewrite, StoredEvent } from '@pvs/event-store';
import { ERASED, PAYER_DATA_VAULT, PayerDataVault } from '@pvs/payer-data';
import { normalizeSender } from '@pvs/sms-parsers';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { RequestRebuildHandler } from '../projections/request-rebuild/request-rebuild.handler';

/** The event types whose stored data may hold payer data written before it was sealed. */
const TYPES = [SMS_RECEIVED, SMS_PARSED, PAYMENT_INTENT_REGISTERED, PAYMENT_LINK_USED, SMS_TEMPLATE_LEARNED];
/** The projections that copy payer data: rebuilt once their events are sealed. */
const COPIES = ['sms', 'payment_links'];

type Fields = Readonly<Record<string, unknown>>;
const isFields = (data: unknown): data is Fields => typeof data === 'object' && data !== null && !Array.isArray(data);
const textOf = (data: Fields, name: string): string | null => {
  const value = data[name];
  return typeof value === 'string' ? value : null;
};
/** A field of payer data still as it was written: a text, not empty, not sealed. */
const isPlain = (value: unknown): value is string => typeof value === 'string' && value !== '' && !isSealedText(value);

/** What sealing the old payer data did. */
export interface OldPayerDataSealed {
  readonly eventsSealed: number;
  readonly rebuildsRequested: readonly string[];
}

/**
 * Seals, once, the payer data recorded before the service sealed it: each old field sealed in place under its
 * subject's key (made with the event's own time, so retention takes it when due), or emptied when that subject was
 * erased since; then the projections that copied it are rebuilt. Run again, it finds nothing left to seal.
 */
@Injectable()
export class SealOldPayerDataHandler {
  constructor(
    @Inject(EVENT_DATA_REWRITE) private readonly rewrite: EventDataRewrite | null,
    @Inject(PAYER_DATA_VAULT) private readonly vault: PayerDataVault,
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
    private readonly rebuilds: RequestRebuildHandler,
  ) {}

  async seal(correlationId: string): Promise<Result<OldPayerDataSealed>> {
    if (!this.rewrite) return refused('conflict', 'This event store (KurrentDB) cannot rewrite an event in place: copy each stream sealed and replace it');
    const eventsSealed = await this.rewrite.rewriteData(TYPES, (event) => this.sealed(event));
    const rebuildsRequested: string[] = [];
    if (eventsSealed > 0) for (const name of COPIES) if ((await this.rebuilds.request(name, correlationId)).ok) rebuildsRequested.push(name);
    return succeed({ eventsSealed, rebuildsRequested });
  }

  /** The event's data with its old payer fields sealed, or null when it has none left as written. */
  private async sealed(event: StoredEvent): Promise<Fields | null> {
    const { data } = event;
    if (!isFields(data)) return null;
    const tenantId = textOf(data, 'tenantId');
    if (tenantId === null) return null;
    const seal = async (subject: PayerSubject, value: string, mobiles: readonly string[]) => {
      const sealed = await this.vault.seal(tenantId, subject, value, mobiles, event.recordedAt);
      return sealed === ERASED ? null : sealed;
    };
    const smsId = textOf(data, 'smsId');
    const paymentId = textOf(data, 'paymentId');
    switch (event.type) {
      case SMS_RECEIVED:
        return smsId !== null && isPlain(data.body) ? { ...data, body: (await seal(smsSubject(smsId), data.body, this.payerMobiles(tenantId, data.body))) ?? '' } : null;
      case SMS_PARSED:
        return smsId !== null && isFields(data.payer) ? { ...data, payer: await seal(smsSubject(smsId), JSON.stringify(data.payer), []) } : null;
      case PAYMENT_INTENT_REGISTERED:
      case PAYMENT_LINK_USED: {
        if (paymentId === null) return null;
        const fields = ['senderSource', 'payerName', 'payerPhone'].filter((name) => isPlain(data[name]));
        if (fields.length === 0) return null;
        const sealed: Record<string, unknown> = { ...data };
        for (const name of fields) {
          const value = textOf(data, name) ?? '';
          sealed[name] = await seal(paymentSubject(paymentId), value, mobilesIn(value));
        }
        return sealed;
      }
      case SMS_TEMPLATE_LEARNED: {
        const example = isFields(data.example) ? data.example : null;
        if (example === null || !isPlain(example.body)) return null;
        const subject = smsSubject(textOf(example, 'smsId') ?? smsIdFor(tenantId, normalizeSender(textOf(example, 'sender') ?? ''), example.body));
        return { ...data, example: { ...example, body: (await seal(subject, example.body, [])) ?? '' } };
      }
      default:
        return null;
    }
  }

  /** The numbers an old SMS names, but the merchant's own (its receiving accounts). */
  private payerMobiles(tenantId: string, body: string): string[] {
    return payerMobilesIn(body, Object.values(this.tenants.get(tenantId)?.receivingAccounts ?? {}).flat());
  }
}
