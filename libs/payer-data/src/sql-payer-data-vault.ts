import { SqlClient } from '@pvs/sql';
import { ERASED, KeyWrapper, Opened, PayerDataVault, ShredReason } from './payer-data-vault.port';
import { PayerSubject, SealedText, newDataKey, openText, sealText, subjectOf } from './sealed-text';

/** How long a process keeps a subject's key in memory: another process's shred is seen within this time. */
export const KEY_CACHE_MS = 60_000;
const KEY_CACHE_SIZE = 10_000;

interface CachedKey {
  readonly tenantId: string;
  readonly key: Buffer | typeof ERASED;
  readonly until: number;
}

/** Thrown when a sealed text does not open under its subject's key: altered, or moved to another tenant. */
export class UnopenablePayerDataError extends Error {
  constructor(subject: PayerSubject) {
    super(`Payer data of ${subject} does not open under its key`);
    this.name = 'UnopenablePayerDataError';
  }
}

/** The vault on PostgreSQL or PGlite (`pd_data_keys`), with a short-lived cache of opened keys. */
export class SqlPayerDataVault implements PayerDataVault {
  private readonly cache = new Map<PayerSubject, CachedKey>();

  constructor(
    private readonly sql: SqlClient,
    private readonly wrapper: KeyWrapper,
    private readonly now: () => number = Date.now,
  ) {}

  async seal(tenantId: string, subject: PayerSubject, plaintext: string): Promise<SealedText | typeof ERASED> {
    const key = (await this.keyOf(tenantId, subject)) ?? (await this.create(tenantId, subject));
    return key === ERASED ? ERASED : sealText(key, tenantId, subject, plaintext);
  }

  async open(tenantId: string, sealed: SealedText): Promise<Opened> {
    const subject = subjectOf(sealed);
    const key = await this.keyOf(tenantId, subject);
    if (key === null || key === ERASED) return ERASED;
    const opened = openText(key, tenantId, sealed);
    if (opened === null) throw new UnopenablePayerDataError(subject);
    return opened;
  }

  async shred(subjects: readonly PayerSubject[], reason: ShredReason, at: Date): Promise<PayerSubject[]> {
    if (subjects.length === 0) return [];
    const rows = await this.sql.query<{ subject: PayerSubject }>(
      `UPDATE pd_data_keys SET wrapped_key = NULL, shredded_at = $2, shred_reason = $3 WHERE subject = ANY($1::text[]) AND wrapped_key IS NOT NULL RETURNING subject`,
      [subjects, at.toISOString(), reason],
    );
    for (const subject of subjects) this.cache.delete(subject);
    return rows.map((row) => row.subject);
  }

  /** The subject's key, ERASED when destroyed, null when it has none yet. */
  private async keyOf(tenantId: string, subject: PayerSubject): Promise<Buffer | typeof ERASED | null> {
    const cached = this.cache.get(subject);
    if (cached && cached.until > this.now()) return cached.tenantId === tenantId ? cached.key : ERASED;
    const [row] = await this.sql.query<{ tenant_id: string; wrapped_key: string | null }>(`SELECT tenant_id, wrapped_key FROM pd_data_keys WHERE subject = $1`, [subject]);
    if (!row) return null;
    // A subject is one tenant's: another tenant asking for it gets nothing of it.
    if (row.tenant_id !== tenantId) return ERASED;
    const key = row.wrapped_key === null ? ERASED : Buffer.from(this.wrapper.open({ ciphertext: row.wrapped_key }, tenantId), 'base64');
    return this.remember(tenantId, subject, key);
  }

  /** Makes the subject's key; when another process made it first, that one is the key. */
  private async create(tenantId: string, subject: PayerSubject): Promise<Buffer | typeof ERASED> {
    const key = newDataKey();
    await this.sql.query(`INSERT INTO pd_data_keys (subject, tenant_id, wrapped_key, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (subject) DO NOTHING`, [
      subject,
      tenantId,
      this.wrapper.seal(key.toString('base64'), tenantId).ciphertext,
      new Date(this.now()).toISOString(),
    ]);
    this.cache.delete(subject);
    const stored = await this.keyOf(tenantId, subject);
    if (stored === null) throw new Error(`The data key of ${subject} was not stored`);
    return stored;
  }

  private remember(tenantId: string, subject: PayerSubject, key: Buffer | typeof ERASED): Buffer | typeof ERASED {
    const oldest = this.cache.keys().next();
    if (this.cache.size >= KEY_CACHE_SIZE && !oldest.done) this.cache.delete(oldest.value);
    this.cache.set(subject, { tenantId, key, until: this.now() + KEY_CACHE_MS });
    return key;
  }
}
