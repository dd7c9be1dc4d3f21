import { randomUUID } from 'node:crypto';
import { migrate } from '@pvs/sql';
import { OpenedDatabase, describeOnEachDatabase } from '@pvs/sql/testing';
import { ERASED, KeyWrapper } from './payer-data-vault.port';
import { payerDataMigrations } from './schema';
import { PayerSubject, SealedText, isSealedText } from './sealed-text';
import { KEY_CACHE_MS, SqlPayerDataVault, UnopenablePayerDataError } from './sql-payer-data-vault';

/** Stands for the service's key ring: binds each wrapped key to its tenant, and counts what it opened. */
class TenantBoundWrapper implements KeyWrapper {
  opened = 0;
  seal(plaintext: string, tenantId: string) {
    return { ciphertext: `wrapped:${tenantId}:${plaintext}` };
  }
  open({ ciphertext }: { readonly ciphertext: string }, tenantId: string) {
    const prefix = `wrapped:${tenantId}:`;
    if (!ciphertext.startsWith(prefix)) throw new Error('sealed for another tenant');
    this.opened += 1;
    return ciphertext.slice(prefix.length);
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
});
