import { randomInt } from 'node:crypto';
import { TestService, TestTenant, startTestService } from '@pvs/embedded/testing';
import { EVENT_STORE, EventStore } from '@pvs/event-store';
import { eventually } from '@pvs/testing';

const reference = () => `FT${randomInt(10_000_000, 99_999_999)}${randomInt(10, 99)}`;
/** A wording no built-in template or the words alone read. */
const newWording = (account: string, amount: string, payer: string, ref: string) =>
  `Dear Customer, your A/C ${account} got PKR ${amount} from ${payer}. Txn ${ref} on 03-12-2026. Thanks for banking with us.`;

describe('operators teach the parser a wording (embedded)', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService();
  });

  afterAll(() => service.close());

  const verify = (tenant: TestTenant, ref: string, amount: number) =>
    service.request('POST', '/payments/verify', { body: { gateway: 'bank', transaction_reference: ref, amount }, headers: { 'x-api-key': tenant.apiKey } });
  const ingest = (tenant: TestTenant, body: string) => service.request('POST', '/sms/ingest', { body: { sender: 'NEWBANK', body }, headers: { 'x-api-key': tenant.apiKey } });
  const status = async (tenant: TestTenant, uuid: string) => (await service.request('GET', `/payments/status/${uuid}`, { headers: { 'x-api-key': tenant.apiKey } })).body.data;
  const templateEvents = async () => (await service.app.get<EventStore>(EVENT_STORE).readStream('smstemplates-learned')).length;

  /** A tenant that allows NEWBANK for bank transfers, with three payments whose SMS of the new wording were rejected. */
  async function shopWithRejectedSms() {
    const shop = await service.createTenant();
    await service.admin('PATCH', `/admin/tenants/${shop.id}`, { allowed_senders: { bank: ['NEWBANK'] } });
    const payments = [];
    for (const [amount, payer] of [[12_500, 'SANA IQBAL'], [900.5, 'ALI RAZA KHAN'], [75, 'M. ALI & SONS']] as const) {
      const ref = reference();
      const { uuid } = (await verify(shop, ref, amount)).body.data;
      const body = newWording(`**${randomInt(1000, 9999)}`, amount.toLocaleString('en-US', { minimumFractionDigits: 2 }), payer, ref);
      const refused = await ingest(shop, body);
      expect(refused.status).toBe(422);
      payments.push({ uuid, ref, body, amount });
    }
    const rejected = await eventually(
      async () => (await service.admin('GET', `/admin/sms?state=rejected&tenant_id=${shop.id}`)).body.data as { sms_id: string; body: string }[],
      (rows) => rows.length === 3,
    );
    return { shop, payments, rejected };
  }

  it('shows what a template learned from one rejected SMS would read, then learns it: the payments verify', async () => {
    const { shop, payments, rejected } = await shopWithRejectedSms();
    const example = rejected.find((sms) => sms.body === payments[0].body)!;
    const lesson = { sms_id: example.sms_id, marks: { amount: { text: '12,500.00' }, reference: { text: payments[0].ref } }, note: 'NEWBANK wording since November' };

    const dryRun = await service.admin('POST', '/admin/sms-templates/dry-run', lesson);
    expect(dryRun.status).toBe(200);
    expect(dryRun.body.data).toMatchObject({ template: { gateway: 'bank', sender: 'NEWBANK', slots: ['amount', 'reference'] }, would_read: { count: 3 }, scanned: 3 });
    expect(await templateEvents()).toBe(0);

    const learned = await service.admin('POST', '/admin/sms-templates', lesson);
    expect(learned.status).toBe(201);
    expect(learned.body.data).toMatchObject({ template: { id: dryRun.body.data.template.id, scope: 'tenant', tenant_id: shop.id }, reparse: { examined: 3, recognised: 3 } });
    for (const { uuid, amount } of payments) expect(await eventually(() => status(shop, uuid), (p) => p.status === 'verified')).toMatchObject({ amount_detected: amount });

    // Live at once: the next SMS of the wording is read when it comes.
    const ref = reference();
    const { uuid } = (await verify(shop, ref, 310)).body.data;
    expect((await ingest(shop, newWording('**7001', '310.00', 'ZARA', ref))).body).toMatchObject({ status: 'verified', transaction_uuid: uuid });

    // Another tenant's SMS of the wording stay rejected until the template is promoted.
    const other = await service.createTenant();
    await service.admin('PATCH', `/admin/tenants/${other.id}`, { allowed_senders: { bank: ['NEWBANK'] } });
    expect((await ingest(other, newWording('**7002', '10.00', 'ZARA', reference()))).status).toBe(422);
    const rejectedOfOther = () => eventually(async () => (await service.admin('GET', `/admin/sms?state=rejected&tenant_id=${other.id}`)).body.data, (rows: unknown[]) => rows.length === 1);
    expect((await rejectedOfOther())[0]).toMatchObject({ readable_by: null });
    const promoted = await service.admin('POST', `/admin/sms-templates/${dryRun.body.data.template.id}/promote`, { note: 'every bank customer' });
    expect(promoted.body.data).toMatchObject({ scope: 'all' });
    // Its SMS rejected before say which template would read them now; a re-parse applies it.
    expect((await rejectedOfOther())[0]).toMatchObject({ readable_by: dryRun.body.data.template.id });
    expect((await service.admin('POST', '/admin/sms/reparse', { tenant_id: other.id })).body.data).toEqual({ examined: 1, recognised: 1 });
    expect((await ingest(other, newWording('**7003', '11.00', 'ZARA', reference()))).status).toBe(200);

    // Retired: read no more.
    const retired = await service.admin('POST', `/admin/sms-templates/${dryRun.body.data.template.id}/retire`, {});
    expect(retired.body.data.retired_at).not.toBeNull();
    expect((await ingest(shop, newWording('**7004', '12.00', 'ZARA', reference()))).status).toBe(422);
    expect((await service.admin('GET', `/admin/sms-templates?tenant_id=${shop.id}`)).body.data).toEqual([expect.objectContaining({ id: dryRun.body.data.template.id })]);
  });

  it.each([
    ['a debit', (body: string) => body.replace('got', 'debited'), '12,500.00', /no incoming payment/],
    ['a mark not in the SMS', (body: string) => body, '99.00', /“99\.00” does not occur in the SMS/],
  ])('refuses to learn from %s, recording nothing', async (_case, change, amount, message) => {
    const shop = await service.createTenant();
    await service.admin('PATCH', `/admin/tenants/${shop.id}`, { allowed_senders: { bank: ['NEWBANK'] } });
    const before = await templateEvents();
    const ref = reference();
    const body = change(newWording('**4455', '12,500.00', 'SANA IQBAL', ref));
    const refused = await service.admin('POST', '/admin/sms-templates', { tenant_id: shop.id, sender: 'NEWBANK', body, marks: { amount: { text: amount }, reference: { text: ref } } });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ success: false, message: expect.stringMatching(message) });
    expect(await templateEvents()).toBe(before);
  });

  it('refuses to promote a template over another tenant\'s of the same wording, recording nothing, until that one is retired', async () => {
    const teach = async () => {
      const shop = await service.createTenant();
      await service.admin('PATCH', `/admin/tenants/${shop.id}`, { allowed_senders: { bank: ['OVERLAPBANK'] } });
      const ref = reference();
      const body = newWording('**4455', '640.00', 'SANA IQBAL', ref);
      const learned = await service.admin('POST', '/admin/sms-templates', { tenant_id: shop.id, sender: 'OVERLAPBANK', body, marks: { amount: { text: '640.00' }, reference: { text: ref } } });
      expect(learned.status).toBe(201);
      return learned.body.data.template.id as string;
    };
    // Each tenant's own: both may stand.
    const [first, second] = [await teach(), await teach()];
    expect(first).not.toBe(second);
    const before = await templateEvents();

    const refused = await service.admin('POST', `/admin/sms-templates/${first}/promote`, { note: 'every customer' });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ success: false, message: `The wording overlaps the learned template ${second} (one reads the other's example): retire it first` });
    expect(await templateEvents()).toBe(before);

    expect((await service.admin('POST', `/admin/sms-templates/${second}/retire`, {})).status).toBe(200);
    expect((await service.admin('POST', `/admin/sms-templates/${first}/promote`, { note: 'every customer' })).body.data).toMatchObject({ scope: 'all' });
  });

  it('answers 404 for an unknown SMS or template, and 422 for a body that names no example', async () => {
    expect((await service.admin('POST', '/admin/sms-templates/dry-run', { sms_id: '00000000-0000-5000-8000-000000000000', marks: { amount: { text: '1' }, reference: null } })).status).toBe(404);
    expect((await service.admin('POST', '/admin/sms-templates/learned.0123456789ab/retire', {})).status).toBe(404);
    const nameless = await service.admin('POST', '/admin/sms-templates/dry-run', { marks: { amount: { text: '1' }, reference: null } });
    expect(nameless.body).toEqual({ success: false, message: 'Give sms_id, or tenant_id, sender and body of the SMS to learn from' });
  });
});
