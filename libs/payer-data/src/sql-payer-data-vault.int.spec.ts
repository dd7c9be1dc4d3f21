import { randomUUID } from 'node:crypto';
import { migrate } from '@pvs/sql';
import { OpenedDatabase, describeOnEachDatabase } from '@pvs/sql/testing';
import { ERASED, KeyWrapper } from './payer-data-vault.port';
import { payerDataMigrations } from './schema';
import { PayerSubject, SealedText, isSealedText } from '@pvs/contracts';
import { KEY_CACHE_MS, SqlPayerDataVault, UnopenablePayerDataError } from './sql-payer-data-vault';

/** Stands for the service's key ring: binds each wrapped key to its tenant, and counts what it opened. */
class TenantBoundWrapper implements KeyWrapper {
  opened = 0;
  /** `generation`: the current key's, which seals; `opens`: the generations the ring holds (all, when not given). */
  constructor(
    private readonly generation = 1,
    private readonly opens?: readonly number[],
  ) {}
  seal(plaintext: string, tenantId: string) {
    return { ciphertext: `wrapped${this.generation}:${tenantId}:${plaintext}` };
  }
  open({ ciphertext }: { readonly ciphertext: string }, tenantId: string) {
    const [, generation, tenant, plaintext] = /^wrapped(\d+):([^:]+):(.*)$/.exec(ciphertext) ?? [];
    if (generation === undefined || tenant !== tenantId || (this.opens && !this.opens.includes(Number(generation)))) throw new Error(`sealed by key ${generation}, not in the ring`);
    this.opened += 1;
    return plaintext;
  }
  isStale({ ciphertext }: { readonly ciphertext: string }) {
    return !ciphertext.startsWith(`wrapped${this.generation}:`);
  }
}

const TENANT = randomUUID();
const OTHER_TENANT = randomUUID();
const sms = (): PayerSubject => `sms/${randomUUID()}`;
const BODY = 'You have received Rs 2,500.00 from ALI KHAN 03001234567. TID 012345678901';

const sealed = (value: SealedText | typeof ERASED): SealedText => {
  if (!isSealedText(value)) throw new Error('expected a sealed text');
  return value;
};

describeOnEachDatabase('the payer data vault', (open) => {
  let database: OpenedDatabase;
  let clock: number;
  const vault = (wrapper: KeyWrapper = new TenantBoundWrapper()) => new SqlPayerDataVault(database.sql, wrapper, () => clock);

  beforeAll(async () => {
    database = await open();
    await migrate(database.sql, payerDataMigrations);
  });
  beforeEach(() => (clock = Date.parse('2026-11-28T10:00:00Z')));
  afterAll(() => database?.close());

  it('seals under one key per subject and opens it again, in this process and another', async () => {
    const subject = sms();
    const first = sealed(await vault().seal(TENANT, subject, BODY));
    const second = sealed(await vault().seal(TENANT, subject, 'ALI KHAN'));
    expect(first).not.toContain('ALI KHAN');
    expect(await vault().open(TENANT, first)).toBe(BODY);
    expect(await vault().open(TENANT, second)).toBe('ALI KHAN');
    expect(await database.sql.query(`SELECT count(*)::int AS keys FROM pd_data_keys WHERE subject = $1`, [subject])).toEqual([{ keys: 1 }]);
  });

  it('reveals payer data recorded before sealing as it was written, and sealed data opened, in order', async () => {
    const reader = vault();
    const text = sealed(await reader.seal(TENANT, sms(), BODY));
    expect(await reader.reveal(TENANT, 'Rs 100 received from ALI')).toBe('Rs 100 received from ALI');
    expect(await reader.revealAll([{ tenantId: TENANT, stored: text }, { tenantId: TENANT, stored: 'as written' }, { tenantId: OTHER_TENANT, stored: text }])).toEqual([BODY, 'as written', ERASED]);
  });

  it('finds the subjects whose data holds a mobile number by its keyed hash alone, per tenant, until their keys are destroyed', async () => {
    const [first, second, other] = [sms(), sms(), sms()];
    const shop = randomUUID();
    const writer = vault();
    for (const subject of [first, second]) {
      await writer.seal(shop, subject, BODY, ['03001234567', '03451239876']);
    }
    await writer.seal(OTHER_TENANT, other, BODY, ['03001234567']);
    expect((await vault().subjectsOfMobile(shop, '03001234567')).sort()).toEqual([first, second].sort());
    expect(await vault().subjectsOfMobile(OTHER_TENANT, '03001234567')).toEqual([other]);
    expect(await vault().subjectsOfMobile(randomUUID(), '03001234567')).toEqual([]);
    const stored = JSON.stringify(await database.sql.query(`SELECT * FROM pd_subject_index WHERE tenant_id = $1`, [shop]));
    expect(stored).not.toContain('3001234567');
    await writer.shred([first], 'erasure', new Date(clock));
    expect(await vault().subjectsOfMobile(shop, '03451239876')).toEqual([second]);
    expect(await database.sql.query(`SELECT subject FROM pd_subject_index WHERE subject = $1`, [first])).toEqual([]);
  });

  it('indexes the numbers of a subject sealed again, by the process that made its key or another, but not under a key destroyed or another tenant’s', async () => {
    const shop = randomUUID();
    const [subject, erased] = [sms(), sms()];
    const maker = vault();
    await maker.seal(shop, subject, BODY, ['03001111111']);
    await maker.seal(shop, subject, 'BILAL', ['03002222222']);
    await vault().seal(shop, subject, 'BILAL', ['03003333333']);
    for (const mobile of ['03001111111', '03002222222', '03003333333']) expect([mobile, await vault().subjectsOfMobile(shop, mobile)]).toEqual([mobile, [subject]]);
    await maker.seal(shop, erased, BODY);
    await maker.shred([erased], 'erasure', new Date(clock));
    expect(await vault().seal(shop, erased, BODY, ['03004444444'])).toBe(ERASED);
    expect(await vault().seal(OTHER_TENANT, subject, BODY, ['03005555555'])).toBe(ERASED);
    expect(await database.sql.query(`SELECT subject FROM pd_subject_index WHERE subject = ANY($1::text[]) AND tenant_id <> $2`, [[subject, erased], shop])).toEqual([]);
    expect(await vault().subjectsOfMobile(shop, '03004444444')).toEqual([]);
    expect(await database.sql.query(`SELECT subject FROM pd_subject_index WHERE subject = $1`, [erased])).toEqual([]);
  });

  it('makes the keys of a moment in one write, one key for a subject sealed twice in it', async () => {
    const [twice, once] = [sms(), sms()];
    const writer = vault();
    const texts = await Promise.all([writer.seal(TENANT, twice, 'first'), writer.seal(TENANT, once, 'alone', ['03001239999']), writer.seal(TENANT, twice, 'second')]);
    const reader = vault();
    expect(await Promise.all(texts.map((text) => reader.open(TENANT, sealed(text))))).toEqual(['first', 'alone', 'second']);
    expect(await reader.subjectsOfMobile(TENANT, '03001239999')).toEqual([once]);
  });

  it('makes one key when processes seal a new subject at once', async () => {
    const subject = sms();
    const texts = await Promise.all(Array.from({ length: 8 }, (_, index) => vault().seal(TENANT, subject, `payer ${index}`)));
    const reader = vault();
    expect(await Promise.all(texts.map((text) => reader.open(TENANT, sealed(text))))).toEqual(texts.map((_, index) => `payer ${index}`));
  });

  it('answers ERASED for a subject whose key it destroyed, and takes no new data for it', async () => {
    const [kept, erased] = [sms(), sms()];
    const shredder = vault();
    const keptText = sealed(await shredder.seal(TENANT, kept, 'BILAL AHMED'));
    const erasedText = sealed(await shredder.seal(TENANT, erased, BODY));
    expect(await shredder.shred([erased, sms()], 'erasure', new Date(clock))).toEqual([erased]);
    expect(await shredder.shred([erased], 'retention', new Date(clock))).toEqual([]);
    expect(await shredder.open(TENANT, erasedText)).toBe(ERASED);
    expect(await vault().open(TENANT, erasedText)).toBe(ERASED);
    expect(await shredder.seal(TENANT, erased, BODY)).toBe(ERASED);
    expect(await shredder.open(TENANT, keptText)).toBe('BILAL AHMED');
    const [row] = await database.sql.query<{ wrapped_key: string | null; shred_reason: string; shredded_at: Date | string }>(`SELECT wrapped_key, shred_reason, shredded_at FROM pd_data_keys WHERE subject = $1`, [erased]);
    expect(row.wrapped_key).toBeNull();
    expect(row.shred_reason).toBe('erasure');
    expect(new Date(row.shredded_at).getTime()).toBe(clock);
  });

  it('sees another process destroy a key within its cache time, and opens no key twice within it', async () => {
    const subject = sms();
    const wrapper = new TenantBoundWrapper();
    const reader = vault(wrapper);
    const text = sealed(await vault().seal(TENANT, subject, BODY));
    expect(await reader.open(TENANT, text)).toBe(BODY);
    expect(await reader.open(TENANT, text)).toBe(BODY);
    expect(wrapper.opened).toBe(1);
    await vault().shred([subject], 'erasure', new Date(clock));
    clock += KEY_CACHE_MS + 1;
    expect(await reader.open(TENANT, text)).toBe(ERASED);
  });

  it('seals every held key again under the ring\'s new key, once, and leaves destroyed ones destroyed', async () => {
    const [kept, destroyed] = [sms(), sms()];
    const before = vault(new TenantBoundWrapper(1));
    const text = sealed(await before.seal(TENANT, kept, BODY));
    await before.seal(TENANT, destroyed, BODY);
    await before.shred([destroyed], 'retention', new Date(clock));
    const rotated = vault(new TenantBoundWrapper(2));
    expect(await rotated.resealKeys()).toBeGreaterThanOrEqual(1);
    expect(await rotated.resealKeys()).toBe(0);
    const rows = await database.sql.query<{ subject: string; wrapped_key: string | null }>(`SELECT subject, wrapped_key FROM pd_data_keys WHERE subject = ANY($1::text[])`, [[kept, destroyed]]);
    expect(Object.fromEntries(rows.map((row) => [row.subject, row.wrapped_key?.split(':')[0] ?? null]))).toEqual({ [kept]: 'wrapped2', [destroyed]: null });
    expect(await vault(new TenantBoundWrapper(2)).open(TENANT, text)).toBe(BODY);
    // The tenants' index keys too.
    const indexKeys = await database.sql.query<{ wrapped_key: string }>(`SELECT wrapped_key FROM pd_index_keys`);
    expect(indexKeys.length).toBeGreaterThan(0);
    expect(indexKeys.every((row) => row.wrapped_key.startsWith('wrapped2:'))).toBe(true);
  });

  it('tells at start a key ring that cannot open the data keys held', async () => {
    // The newest key held, sealed by key 1.
    clock += 3_600_000;
    await vault(new TenantBoundWrapper(1)).seal(TENANT, sms(), BODY);
    expect(await vault(new TenantBoundWrapper(1)).keyRingProblem()).toBeNull();
    expect(await vault(new TenantBoundWrapper(2, [1, 2])).keyRingProblem()).toBeNull();
    expect(await vault(new TenantBoundWrapper(2, [2])).keyRingProblem()).toMatch(/^sealed by key \d, not in the ring$/);
  });

  it('gives another tenant nothing of a subject, and refuses a text that was altered', async () => {
    const subject = sms();
    const owner = vault();
    const text = sealed(await owner.seal(TENANT, subject, BODY));
    expect(await owner.open(OTHER_TENANT, text)).toBe(ERASED);
    expect(await vault().open(OTHER_TENANT, text)).toBe(ERASED);
    expect(await owner.seal(OTHER_TENANT, subject, BODY)).toBe(ERASED);
    const raw = Buffer.from(text.split(':')[2], 'base64');
    raw[raw.length - 1] ^= 0x01;
    await expect(owner.open(TENANT, `pd1:${subject}:${raw.toString('base64')}`)).rejects.toThrow(UnopenablePayerDataError);
  });

  it('lists the keys past their tenant’s retention, the oldest first, a page at a time, none destroyed', async () => {
    // Years before the other tests' keys, so only these are past the lines drawn here.
    const [keeper, quick] = [randomUUID(), randomUUID()];
    const at = (day: number) => Date.parse('2019-01-01T00:00:00Z') + day * 86_400_000;
    const made: { subject: PayerSubject; tenantId: string; day: number }[] = [];
    for (const [tenantId, day] of [[keeper, 0], [quick, 1], [keeper, 2], [quick, 3], [keeper, 4], [quick, 5], [quick, 5]] as const) {
      clock = at(day);
      const subject = sms();
      await vault().seal(tenantId, subject, BODY);
      made.push({ subject, tenantId, day });
    }
    const destroyed = made[2].subject;
    await vault().shred([destroyed], 'erasure', new Date(at(6)));
    // The keeper's line at day 3, the quick tenant's own at day 6 (day 5's two keys in, in subject order).
    const cutoffs = { before: new Date(at(3)), byTenant: new Map([[quick, new Date(at(6))]]) };
    const expected = made
      .filter(({ subject, tenantId, day }) => subject !== destroyed && day < (tenantId === quick ? 6 : 3))
      .sort((a, b) => a.day - b.day || (a.subject < b.subject ? -1 : 1))
      .map(({ subject, tenantId, day }) => ({ subject, tenantId, createdAt: new Date(at(day)) }));
    expect(expected.map(({ subject }) => subject)).toHaveLength(5);
    const pages = [];
    for (let page = await vault().heldBefore(cutoffs, 2); page.length > 0; page = await vault().heldBefore(cutoffs, 2, page.at(-1))) pages.push(page);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(expected);
  });
});
