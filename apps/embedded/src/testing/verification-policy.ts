import { randomInt } from 'node:crypto';
import { jazzCashCredit, randomTransactionId } from '@pvs/testing';
import { TestResponse } from './test-service';

/** What the policy table needs of a running service, embedded or distributed: JSON calls and the admin token. */
export interface PolicyDriver {
  readonly adminToken: string;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse>;
}

type Policy = 'standard' | 'strict';
type Outcome = 'verified' | 'manual_review';

const CONFIGURED = { receiving_accounts: { bank: ['0001-2233-4410'] } };

/** A credit's SMS for a payment's reference and amount (as written), from a sender trusted for the gateway. */
interface Wording {
  readonly gateway: 'wallet_one' | 'bank';
  readonly sender: string;
  readonly reference: () => string;
  readonly text: (reference: string, amount: string) => string;
}

// NBP has no template: each wording is read by the extracted tier, naming the receiver as the case says.
const nbp = (text: Wording['text']): Wording => ({ gateway: 'bank', sender: 'NBP', reference: randomTransactionId, text });
const unstated = nbp((reference, amount) => `NBP: IBFT credit of PKR ${amount} from ZAHID HUSSAIN (MEEZAN) on 15-04-2026 11:32. TRX ID: ${reference}`);
const toTheHolder = nbp(
  (reference, amount) => `Dear Customer, Your A/C has been credited with PKR ${amount} via IBFT from ZAHID HUSSAIN. TRX ID: ${reference}. NBP Helpline 021-111-627-627`,
);
const toAccount = (account: string) => nbp((reference, amount) => `NBP: Salary/EFT credit of PKR ${amount} received in A/C ${account} on 01-May-26. Ref No. ${reference}.`);
const toThirdParty = nbp((reference, amount) => `NBP: Cash deposit of PKR ${amount} in A/C of AHMED RAZA ****5206 has been received. Ref No ${reference}.`);
/** JazzCash's usual TID has twelve digits: an eleven-digit one is read, and departs from that. */
const elevenDigitTid: Wording = {
  gateway: 'wallet_one',
  sender: '8558',
  reference: () => String(randomInt(10_000_000_000, 99_999_999_999)),
  text: (reference, amount) => jazzCashCredit({ reference, amount }),
};

/** [case, wording, tenant settings, outcome under standard, outcome under strict] */
export const POLICY_TABLE: readonly (readonly [string, Wording, object, Outcome, Outcome])[] = [
  ['a credit naming no receiver, with its reference and the exact amount', unstated, {}, 'verified', 'manual_review'],
  ['a credit naming no receiver, accounts configured', unstated, CONFIGURED, 'verified', 'manual_review'],
  ['a credit addressed to the account holder', toTheHolder, {}, 'verified', 'verified'],
  ['a credit to a stated account the tenant configured', toAccount('...4410'), CONFIGURED, 'verified', 'verified'],
  ['a credit to a stated account, none configured', toAccount('...4410'), {}, 'verified', 'manual_review'],
  ['a credit to a stated account the tenant did not configure, others configured', toAccount('...9999'), CONFIGURED, 'manual_review', 'manual_review'],
  ['a credit to a named third party', toThirdParty, {}, 'manual_review', 'manual_review'],
  ['a credit whose transaction id departs from its institution’s usual shape', elevenDigitTid, {}, 'verified', 'manual_review'],
];

/**
 * A new tenant with that policy and settings registers a payment and forwards its credit: answers what the ingest
 * said, and what the status endpoint shows after it.
 */
export async function payUnderPolicy(driver: PolicyDriver, policy: Policy, settings: object, wording: Wording) {
  const admin = { authorization: `Bearer ${driver.adminToken}` };
  const created = await driver.call('POST', '/admin/tenants', { name: `Policy ${policy}`, verification_policy: policy, ...settings }, admin);
  if (created.status !== 201 || created.body.data.verification_policy !== policy) throw new Error(`tenant not created: ${JSON.stringify(created.body)}`);
  const merchant = { 'x-api-key': created.body.data.api_key as string };
  const reference = wording.reference();
  const amount = randomInt(100, 100_000);
  const registered = await driver.call('POST', '/payments/verify', { gateway: wording.gateway, transaction_reference: reference, amount }, merchant);
  const uuid: string = registered.body.data.uuid;
  const written = amount.toLocaleString('en-US', { minimumFractionDigits: 2 });
  const ingested = await driver.call('POST', '/sms/ingest', { sender: wording.sender, body: wording.text(reference, written) }, merchant);
  const status = await driver.call('GET', `/payments/status/${uuid}`, undefined, merchant);
  return { uuid, reference, amount, ingested: ingested.body, status: status.body.data.status as string };
}
