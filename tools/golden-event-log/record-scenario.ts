import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestService, TestTenant, startTestService } from '@pvs/embedded/testing';
import { EVENT_STORE, EventStore, RecordedEvent } from '@pvs/event-store';
import { PayerDataRetention } from '@pvs/matcher';
import { ReadModelPosition, SubjectPayments } from '@pvs/read-model';
import { READ_MODEL_DATABASE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';
import { jazzCashCredit, randomTransactionId, sleep } from '@pvs/testing';

/** An event as the golden log keeps it: what the store holds, with its time as text. */
export interface GoldenEvent {
  readonly id: string;
  readonly streamName: string;
  readonly streamVersion: number;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: RecordedEvent['metadata'];
  readonly recordedAt: string;
}

const WALLET_ONE = '8558';
const WALLET_TWO = '3737';
const BANK = 'HBL';
const easypaisa = (reference: string, amount: string, balance: string) =>
  `Trx ID ${reference}. You have Received Rs ${amount} from ASAD with Easypaisa Account 923352170168 and your new Easypaisa account balance is Rs. ${balance}.`;
const hbl = (amount: string) =>
  `Dear Customer, Your HBL A/C 9271*****26044 has been credited with PKR ${amount} on 12/03/2026 15:39:08 through IBFT from KAMRAN QURESHI.\nFor details, call 111111425.`;

/**
 * Drives the embedded service through every path that records an event — tenants and their changes,
 * operators, payments decided every way (one through a payment link), SMS matched, unmatched, rejected and re-parsed, balances, expiry,
 * reviews, a rebuild request and a secrets-key rotation — and returns the whole log as the code records it.
 */
export async function recordScenario(): Promise<GoldenEvent[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pvs-golden-'));
  const firstKey = randomBytes(32);
  try {
    // Phones are found silent, and ledger breaks reported, after seconds here, so that the wait for the expiry below sees them.
    const silence = { floorMs: 2_000, ceilingMs: 4_000, newMs: 4_000 };
    const stall = { floorMs: 3_000, defaultMs: 3_000 };
    const service = await startTestService({ dataDir, secretsKey: firstKey, paymentExpirySeconds: 15, expirySweepIntervalMs: 100, watchIntervalMs: 100, silence, gapSettleMs: 2_000, stall });
    try {
      await paymentsAndTenants(service);
    } finally {
      await service.close();
    }
    const rotated = await startTestService({ dataDir, secretsKey: randomBytes(32), previousSecretsKeys: [firstKey] });
    try {
      await expectOk(rotated.admin('POST', '/admin/secrets/reseal'));
      await retentionLater(rotated);
      return await readLog(rotated.app.get<EventStore>(EVENT_STORE));
    } finally {
      await rotated.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function paymentsAndTenants(service: TestService): Promise<void> {
  const shop = await service.createTenant({ receiving_accounts: { wallet_one: ['0344-4160241'] }, balance_check: 'review' });
  const other = await service.createTenant();
  await expectOk(service.admin('PATCH', `/admin/tenants/${other.id}`, { unpaid_cycle_limit: 5, webhook_url: 'https://merchant.example/hooks', alert_webhooks: ['forwarder.silent', 'sms.gap_suspected'] }));
  const otherKey = (await expectOk(service.admin('POST', `/admin/tenants/${other.id}/rotate-api-key`))).body.data.api_key;
  const second = { ...other, apiKey: otherKey };
  await expectOk(service.admin('POST', `/admin/tenants/${other.id}/rotate-webhook-secret`, { overlap_seconds: 60 }));
  // A Twilio auth token given, removed and given again: every event of it, and the key rotation below seals it again.
  for (const token of ['0123456789abcdef0123456789abcdef', null, 'fedcba9876543210fedcba9876543210']) {
    await expectOk(token ? service.admin('PUT', `/admin/tenants/${other.id}/twilio-auth-token`, { auth_token: token }) : service.admin('DELETE', `/admin/tenants/${other.id}/twilio-auth-token`));
  }
  const reviewer = (await expectOk(service.admin('POST', '/admin/operators', { name: 'Ayesha' }))).body.data;
  const leaver = (await expectOk(service.admin('POST', '/admin/operators', { name: 'Bilal' }))).body.data;
  await expectOk(service.admin('POST', `/admin/operators/${leaver.id}/revoke`));
  const shopKey = (await service.admin('POST', `/admin/tenants/${shop.id}/rotate-api-key`)).body.data.api_key;
  const as = { ...shop, apiKey: shopKey };

  const verify = (tenant: TestTenant, gateway: string, reference: string, amount: number) =>
    expectOk(service.request('POST', '/payments/verify', { body: { gateway, transaction_reference: reference, amount }, headers: { 'x-api-key': tenant.apiKey } }));
  const ingest = (tenant: TestTenant, sender: string, body: string) => service.request('POST', '/sms/ingest', { body: { sender, body }, headers: { 'x-api-key': tenant.apiKey } });
  const review = (uuid: string, verdict: 'approve' | 'reject', note: string) =>
    expectOk(service.request('POST', `/admin/payments/${uuid}/${verdict}`, { body: { note }, headers: { authorization: `Bearer ${reviewer.token}` } }));

  const approved: string[] = [];
  const rejected: string[] = [];
  for (let round = 0; round < 4; round++) {
    // Verified; then the same reference again in another SMS: already used.
    const paid = randomTransactionId();
    await verify(as, 'wallet_one', paid, 1000 + round);
    await ingest(as, WALLET_ONE, jazzCashCredit({ reference: paid, amount: 1000 + round }));
    await ingest(as, WALLET_ONE, jazzCashCredit({ reference: paid, amount: 1000 + round, account: '0344 4160241' }));
    // Flagged for an amount mismatch, then approved.
    const short = randomTransactionId();
    approved.push((await verify(as, 'wallet_one', short, 1500)).body.data.uuid);
    await ingest(as, WALLET_ONE, jazzCashCredit({ reference: short, amount: '1,400.50' }));
    // The SMS before its intent.
    const early = randomTransactionId();
    await ingest(as, WALLET_ONE, jazzCashCredit({ reference: early, amount: '700.00' }));
    await verify(as, 'wallet_one', early, 700);
    // A credit to another account.
    await ingest(as, WALLET_ONE, jazzCashCredit({ reference: randomTransactionId(), amount: '50.00', account: '03119998887' }));
    // Balances: a chain that follows, then one that does not (to review: the tenant asks it).
    for (const [amount, balance] of [['500.00', `${1500 + round * 1000}.00`], ['250.00', `${1750 + round * 1000}.00`], ['100.00', '99.00']]) {
      const reference = randomTransactionId();
      await verify(as, 'wallet_two', reference, Number(amount));
      await ingest(as, WALLET_TWO, easypaisa(reference, amount, balance));
    }
    // No reference: the one bank payment waiting for the amount goes to review, and is rejected.
    rejected.push((await verify(as, 'bank', randomTransactionId(), 2345 + round)).body.data.uuid);
    await sleep(200); // a credit without a reference finds its payment in the read model
    await ingest(as, BANK, hbl(`2,${345 + round}.00`));
    // Not a payment at all.
    await ingest(as, WALLET_ONE, `Your OTP is 12345${round}. Do not share it.`);
  }
  // Re-parsed once the sender is trusted.
  const late = randomTransactionId();
  await verify(second, 'wallet_one', late, 300);
  await ingest(second, 'JCASH-ALERT', jazzCashCredit({ reference: late, amount: '300.00' }));
  await expectOk(service.admin('PATCH', `/admin/tenants/${other.id}`, { allowed_senders: { wallet_one: ['8558', 'JCASH-ALERT'] } }));
  await expectOk(service.admin('POST', '/admin/sms/reparse', { tenant_id: other.id }));
  // Expired while nobody paid.
  await verify(second, 'wallet_two', randomTransactionId(), 999);
  await expectOk(service.admin('POST', '/admin/projections/payments/rebuild'));

  // Reviewed once the matcher has flagged them all (before they expire).
  for (let waited = 0; waited < 3_000; waited += 50) {
    const flagged = (await service.admin('GET', '/admin/payments?status=manual_review&limit=1000')).body.data.map((payment: { uuid: string }) => payment.uuid);
    if ([...approved, ...rejected].every((uuid) => flagged.includes(uuid))) break;
    await sleep(50);
  }
  for (const uuid of approved) await review(uuid, 'approve', 'statement checked');
  for (const uuid of rejected) await review(uuid, 'reject', 'no such credit on the statement');
  // A wording taught from a rejected SMS: learned (its SMS re-parsed, the payment verified), promoted, retired.
  await expectOk(service.admin('PATCH', `/admin/tenants/${shop.id}`, { allowed_senders: { wallet_one: ['8558'], bank: ['HBL', 'NEWBANK'] } }));
  const taught = randomTransactionId();
  await verify(as, 'bank', taught, 640);
  await ingest(as, 'NEWBANK', `Dear Customer, your A/C **4455 got PKR 640.00 from SANA IQBAL. Txn FT${taught} on 03-12-2026.`);
  // The dry run finds the rejected SMS in the read model.
  while ((await service.admin('GET', `/admin/sms?state=rejected&tenant_id=${shop.id}`)).body.data.every((sms: { sender: string }) => sms.sender !== 'NEWBANK')) await sleep(20);
  const template = (
    await expectOk(
      service.admin('POST', '/admin/sms-templates', {
        tenant_id: shop.id,
        sender: 'NEWBANK',
        body: `Dear Customer, your A/C **4455 got PKR 640.00 from SANA IQBAL. Txn FT${taught} on 03-12-2026.`,
        marks: { amount: { text: '640.00' }, reference: { text: `FT${taught}` } },
        note: 'NEWBANK changed its wording',
      }),
    )
  ).body.data.template;
  await expectOk(service.admin('POST', `/admin/sms-templates/${template.id}/promote`, { note: 'every tenant' }));
  await expectOk(service.admin('POST', `/admin/sms-templates/${template.id}/retire`, { note: 'the bank changed it again' }));

  // A phone that names itself (SMS Gateway for Android): its SMS, its ping, a name, retirement, and back again.
  const phone = (event: Record<string, unknown>) => expectOk(service.request('POST', '/sms/ingest', { body: { deviceId: 'c2hvcC1waG9uZQ', webhookId: 'w1', ...event }, headers: { 'x-api-key': as.apiKey } }));
  const fromPhone = (await phone({ event: 'sms:received', id: 'g1', payload: { message: jazzCashCredit({ reference: randomTransactionId(), amount: '90.00' }), phoneNumber: WALLET_ONE, simNumber: 1 } })).body;
  const forwarder = (await phone({ event: 'system:ping', id: 'g2', payload: { health: { status: 'pass' } } })).body.forwarder_id;
  await expectOk(service.request('POST', '/forwarders/heartbeat', { body: { status: 'offline', at: '2026-11-27T06:00:00+05:00' }, headers: { 'x-api-key': as.apiKey, 'x-forwarder-id': 'back-office' } }));
  await expectOk(service.admin('PATCH', `/admin/forwarders/${forwarder}`, { name: 'Shop counter' }));
  await expectOk(service.admin('POST', `/admin/forwarders/${forwarder}/retire`));
  // A phone provisioned its own key, heard with it, and the key revoked.
  const keyed = (await expectOk(service.admin('POST', '/admin/forwarders', { tenant_id: shop.id, device: 'keyed-phone' }))).body.data;
  await expectOk(service.request('POST', '/forwarders/heartbeat', { body: {}, headers: { 'x-gateway-secret': keyed.forwarder_key } }));
  await expectOk(service.admin('POST', `/admin/forwarders/${keyed.forwarder_id}/credential/revoke`));
  if (fromPhone.status !== 'unmatched') throw new Error(`The phone's SMS was ${fromPhone.status}`);
  await phone({ event: 'system:ping', id: 'g3', payload: { health: { status: 'pass' } } });
  await verify(as, 'wallet_one', randomTransactionId(), 90);
  // An account's ledger: a credit, a debit, and a credit whose balance says an SMS between them is missing.
  const dated = (body: string, minutes: number) =>
    service.request('POST', '/sms/ingest', { body: { sender: BANK, body, received_at: new Date(Date.parse('2026-11-27T05:00:00Z') + minutes * 60_000).toISOString() }, headers: { 'x-api-key': second.apiKey } });
  await dated(`PKR 1,000.00 credited to your A/C **5566 from ALI RAZA. Ref ${randomTransactionId()}. Avl Bal: PKR 10,000.00`, 0);
  await dated('Dear Customer, PKR 500.00 has been debited from your A/C **5566. Avl Bal: PKR 9,500.00', 5);
  const missing = `PKR 2,000.00 credited to your A/C **5566 from SANA. Ref ${randomTransactionId()}. Avl Bal: PKR 11,500.00`;
  await dated(`PKR 300.00 credited to your A/C **5566 from ALI RAZA. Ref ${randomTransactionId()}. Avl Bal: PKR 11,800.00`, 20);
  await sleep(16_000); // the payments nobody paid expire; the phone, quiet meanwhile, is found silent; the ledger's gap is reported
  await phone({ event: 'system:ping', id: 'g4', payload: { health: { status: 'pass' } } });
  await dated(missing, 10); // the missing SMS, late: it fills the gap
  const phoneEvents = (await service.app.get<EventStore>(EVENT_STORE).readStream(`forwarder-${forwarder}`)).map((event) => event.type);
  if (!phoneEvents.includes('ForwarderRecovered')) throw new Error(`The phone was never found silent and heard again: ${phoneEvents.join(', ')}`);
  for (let waited = 0; waited < 3_000 && !(await service.admin('GET', `/admin/sms-gaps?tenant_id=${other.id}&state=all`)).body.data.some((gap: { filled_at: string | null }) => gap.filled_at); waited += 50) await sleep(50);
  // A payment link: created, paid through its page by a payer who gives a name, then disabled.
  const link = (await expectOk(service.request('POST', '/payment-links', { body: { amount: 450, description: 'Lawn suit', max_uses: 2, return_url: 'https://shop.example/thanks' }, headers: { 'x-api-key': as.apiKey } }))).body.data;
  const paid = await fetch(`${new URL(service.baseUrl).origin}/pay/${link.code}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ gateway: 'wallet_one', transaction_id: randomTransactionId(), name: 'Sana Tariq', phone: '03001234567' }).toString(),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`The link's page answered ${paid.status}`);
  await expectOk(service.request('POST', `/payment-links/${link.id}/disable`, { headers: { 'x-api-key': as.apiKey } }));
  // The payments pending past twice the usual time stalled meanwhile: an operator acknowledges one.
  const [stalled] = (await expectOk(service.admin('GET', '/admin/alerts?kind=payment.stalled&state=all'))).body.data;
  if (!stalled) throw new Error('No payment stalled');
  await expectOk(service.request('POST', `/admin/alerts/${stalled.alert_id}/acknowledge`, { body: { note: 'asked the payer' }, headers: { authorization: `Bearer ${reviewer.token}` } }));
  // The other shop keeps its payers' data 90 days.
  await expectOk(service.admin('PATCH', `/admin/tenants/${other.id}`, { payer_data_retention_days: 90 }));
  // A payer asks to be forgotten: their approved payment's payer data is erased, with the SMS it was decided on.
  await expectOk(service.request('POST', '/admin/erasures', { body: { payment_id: approved[0], reason: 'the payer asked' }, headers: { authorization: `Bearer ${reviewer.token}` } }));
}

/** Two hundred days on, the retention job destroys the payer data of every payment decided and every SMS. */
async function retentionLater(service: TestService): Promise<void> {
  const events = service.app.get<EventStore>(EVENT_STORE);
  const readModel = service.app.get<SqlClient>(READ_MODEL_DATABASE);
  const position = new ReadModelPosition(events, readModel, () => new Date());
  const later = { now: () => new Date(Date.now() + 200 * 86_400_000) };
  const retention = new PayerDataRetention(events, service.payerData, { payments: new SubjectPayments(readModel), position }, () => [], later, 3_600_000);
  // The job waits for a read model that shows what the service just recorded.
  let run = await retention.run();
  for (let tries = 0; run.readModelBehind && tries < 50; tries++) run = await sleep(200).then(() => retention.run());
  if (run.destroyed === 0) throw new Error(`Retention destroyed nothing: ${JSON.stringify(run)}`);
}

async function readLog(store: EventStore): Promise<GoldenEvent[]> {
  const log: GoldenEvent[] = [];
  for (let page = await store.readAll({ limit: 500 }); page.length > 0; page = await store.readAll({ after: page.at(-1)?.checkpoint, limit: 500 })) {
    for (const event of page) {
      const { id, streamName, streamVersion, type, data, metadata, recordedAt } = event;
      log.push({ id, streamName, streamVersion, type, data, metadata, recordedAt: recordedAt.toISOString() });
    }
  }
  return log;
}

async function expectOk<T extends { status: number; body: unknown }>(response: Promise<T>): Promise<T> {
  const answered = await response;
  if (answered.status >= 300) throw new Error(`The scenario got ${answered.status}: ${JSON.stringify(answered.body)}`);
  return answered;
}
