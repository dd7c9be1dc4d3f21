import { Event, EventTypeList, eventGuard } from '../event';
import { Gateway } from '../../gateway';
import { Paisa } from '../../money';

export const LEDGER_CATEGORY = 'ledger';
export const BALANCE_STATED = 'BalanceStated';
export const SMS_GAP_SUSPECTED = 'SmsGapSuspected';
export const SMS_GAP_FILLED = 'SmsGapFilled';

/** One receiving account's ledger, as its SMS tell it: every credit and debit that states the balance after it. */
export function ledgerStream(accountKey: string): string {
  return `${LEDGER_CATEGORY}-${accountKey}`;
}

/** Money in or out of the account. */
export type MoneyDirection = 'credit' | 'debit';

/** The account a ledger is of: the tenant's account of that gateway as the SMS name it (null: they name none). */
export interface LedgerAccount {
  readonly accountKey: string;
  readonly tenantId: string;
  readonly gateway: Gateway;
  readonly account: string | null;
}

/** One SMS's movement and the balance it states after it. */
export interface BalanceStatement {
  readonly smsId: string;
  readonly direction: MoneyDirection;
  readonly amountPaisa: Paisa;
  readonly balancePaisa: Paisa;
  /** When the phone received it (else when we recorded it): the ledger's order. */
  readonly at: string;
  readonly recordedAt: string;
}

export interface BalanceStatedData extends LedgerAccount, BalanceStatement {
  /** Since when the ledger, this statement included, has a break not yet reported; null when it has none. */
  readonly unsettledSince: string | null;
}

/** Between two statements in a row, the balance moved by more than any SMS seen says: an SMS (or several) is missing. */
export interface SmsGapSuspectedData extends LedgerAccount {
  readonly gapId: string;
  /** What the missing SMS did: brought money in (a payment unseen) or took it out. */
  readonly direction: MoneyDirection;
  readonly amountPaisa: Paisa;
  /** The statements either side of the gap: the missing SMS came between them. */
  readonly afterSmsId: string;
  readonly beforeSmsId: string;
  readonly windowStart: string;
  readonly windowEnd: string;
  /** The tenant's payments pending of that gateway and exactly that amount when it was found (a missing credit only). */
  readonly candidatePaymentIds: readonly string[];
  readonly detectedAt: string;
  readonly unsettledSince: string | null;
}

/** A suspected gap is explained: the SMS that was missing arrived after all (or the gap's ends were ordered anew). */
export interface SmsGapFilledData {
  readonly gapId: string;
  readonly accountKey: string;
  readonly tenantId: string;
  /** The statement whose arrival explained it. */
  readonly smsId: string;
  readonly filledAt: string;
}

export type BalanceStated = Event<typeof BALANCE_STATED, BalanceStatedData>;
export type SmsGapSuspected = Event<typeof SMS_GAP_SUSPECTED, SmsGapSuspectedData>;
export type SmsGapFilled = Event<typeof SMS_GAP_FILLED, SmsGapFilledData>;
/** Every event of a ledger stream. */
export type LedgerEvent = BalanceStated | SmsGapSuspected | SmsGapFilled;
const LEDGER_EVENTS: EventTypeList<LedgerEvent> = { [BALANCE_STATED]: true, [SMS_GAP_SUSPECTED]: true, [SMS_GAP_FILLED]: true };
export const LEDGER_EVENT_TYPES: readonly string[] = Object.keys(LEDGER_EVENTS);
export const isLedgerEvent = eventGuard<LedgerEvent>(LEDGER_EVENTS);
