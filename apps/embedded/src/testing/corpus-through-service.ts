import { GatheredCase, judge, verifiesUnder } from '@pvs/sms-parsers/testing';
import { parseSms } from '@pvs/sms-parsers';
import { PolicyDriver } from './verification-policy';

/** Two requests a credit, under the 60 a minute a tenant may send. */
const CREDITS_PER_TENANT = 25;

/** A credit of a corpus that the parser reads exactly, with a reference, and what it must decide under `standard`. */
export interface ReadCredit {
  readonly entry: GatheredCase;
  readonly gateway: string;
  readonly reference: string;
  readonly amount: number;
  /** As the parser's evaluation says (verifiesUnder): the service must agree, both ways. */
  readonly expected: 'verified' | 'manual_review';
}

/** The credits of a set the parser reads exactly with a reference, each with the decision `standard` must make. */
export function readCredits(entries: readonly GatheredCase[]): ReadCredit[] {
  return entries.flatMap((entry) => {
    const result = parseSms({ sender: entry.sender, body: entry.body, receivedAt: entry.receivedAt }, { allowedSenders: entry.allowedSenders });
    if (judge(entry.expect, result) !== 'read' || !result.ok || result.reference === null) return [];
    const expected = verifiesUnder('standard', result) ? 'verified' : 'manual_review';
    return [{ entry, gateway: result.gateway, reference: result.reference, amount: result.amount, expected }];
  });
}

/**
 * Registers each credit's payment (its reference and amount) for a tenant trusting its sender, forwards its SMS,
 * and answers what each ingest said. A reference used twice by a set goes to a tenant of its own, and a tenant takes
 * no more credits than its rate limit lets it send in a minute (two requests each).
 */
export async function payThroughService(driver: PolicyDriver, credits: readonly ReadCredit[]): Promise<{ credit: ReadCredit; status: string }[]> {
  const admin = { authorization: `Bearer ${driver.adminToken}` };
  const tenants = new Map<string, { key: string; references: Set<string> }>();
  const tenantFor = async (credit: ReadCredit) => {
    const senders = JSON.stringify(credit.entry.allowedSenders ?? null);
    for (let copy = 0; ; copy += 1) {
      const name = `${senders}#${copy}`;
      let tenant = tenants.get(name);
      if (tenant === undefined) {
        const created = await driver.call('POST', '/admin/tenants', { name: `Corpus ${tenants.size}`, allowed_senders: credit.entry.allowedSenders }, admin);
        if (created.status !== 201) throw new Error(`tenant not created: ${JSON.stringify(created.body)}`);
        tenant = { key: created.body.data.api_key, references: new Set() };
        tenants.set(name, tenant);
      }
      const used = `${credit.gateway}:${credit.reference}`;
      if (!tenant.references.has(used) && tenant.references.size < CREDITS_PER_TENANT) {
        tenant.references.add(used);
        return { 'x-api-key': tenant.key };
      }
    }
  };
  const outcomes: { credit: ReadCredit; status: string }[] = [];
  for (const credit of credits) {
    const merchant = await tenantFor(credit);
    const registered = await driver.call('POST', '/payments/verify', { gateway: credit.gateway, transaction_reference: credit.reference, amount: credit.amount }, merchant);
    if (registered.status !== 200) throw new Error(`${credit.entry.id}: not registered: ${JSON.stringify(registered.body)}`);
    const sms = { sender: credit.entry.sender, body: credit.entry.body, ...(credit.entry.receivedAt && { received_at: credit.entry.receivedAt }) };
    const ingested = await driver.call('POST', '/sms/ingest', sms, merchant);
    outcomes.push({ credit, status: ingested.body.status ?? `HTTP ${ingested.status}` });
  }
  return outcomes;
}
