import { createHmac } from 'node:crypto';
import { BatchedWrites, SqlClient } from '@pvs/sql';
import { ERASED, HeldSubject, KeyWrapper, Opened, PayerDataVault, RetentionCutoffs, ShredReason, StoredPayerData } from './payer-data-vault.port';
import { PayerSubject, SealedText, isSealedText, subjectOf } from '@pvs/contracts';
import { newDataKey, openText, sealText } from './sealed-text';

/**
 * How long a process keeps a subject's key in memory: another process's shred is seen within this time. Short: the
 * ingest seals an SMS's body and its reading within one request, and a list opens its page's keys in one read.
 */
export const KEY_CACHE_MS = 2_000;
const KEY_CACHE_SIZE = 10_000;
const RESEAL_PAGE = 1_000;

interface CachedKey {
  readonly tenantId: string;
  readonly key: Buffer | typeof ERASED;
  readonly until: number;
}

/** A mobile number's keyed hash: the index finds it, a copy of the index tells nothing of it. */
const mobileHash = (key: Buffer, mobile: string) => createHmac('sha256', key).update(mobile, 'utf8').digest('hex');

/** A key to store for a subject that has none in this process's memory, and the numbers to index under it. */
interface NewKey {
  readonly subject: PayerSubject;
  readonly tenantId: string;
  readonly wrapped: string;
  readonly createdAt: string;
  readonly hashes: readonly string[];
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
  private readonly indexKeys = new Map<string, Buffer>();
  private readonly newKeys = new BatchedWrites<NewKey, boolean>((keys) => this.storeKeys(keys));

  constructor(
    private readonly sql: SqlClient,
    private readonly wrapper: KeyWrapper,
    private readonly now: () => number = Date.now,
  ) {}

  async seal(tenantId: string, subject: PayerSubject, plaintext: string, mobiles: readonly string[] = [], madeAt?: Date): Promise<SealedText | typeof ERASED> {
    const hashes = await this.mobileHashes(tenantId, mobiles);
    const cached = this.cached(subject);
    // On the ingest's path: a key not in memory is made at once, with the index, in one statement (a new SMS has none).
    const key = cached ? await this.indexed(tenantId, subject, cached, hashes) : await this.create(tenantId, subject, hashes, madeAt ?? new Date(this.now()));
    return key === ERASED ? ERASED : sealText(key, tenantId, subject, plaintext);
  }

  /** A key known to this process, the numbers indexed under it while it is held. */
  private async indexed(tenantId: string, subject: PayerSubject, cached: CachedKey, hashes: readonly string[]): Promise<Buffer | typeof ERASED> {
    const key = cached.tenantId === tenantId ? cached.key : ERASED;
    if (key !== ERASED && hashes.length > 0) {
      await this.sql.query(
        `INSERT INTO pd_subject_index (tenant_id, mobile_hash, subject) SELECT $1, hash, $3 FROM unnest($2::text[]) AS hash ON CONFLICT DO NOTHING`,
        [tenantId, hashes, subject],
      );
    }
    return key;
  }

  async open(tenantId: string, sealed: SealedText): Promise<Opened> {
    const subject = subjectOf(sealed);
    const key = await this.keyOf(tenantId, subject);
    if (key === null || key === ERASED) return ERASED;
    const opened = openText(key, tenantId, sealed);
    if (opened === null) throw new UnopenablePayerDataError(subject);
    return opened;
  }

  reveal(tenantId: string, stored: string): Promise<Opened> {
    return isSealedText(stored) ? this.open(tenantId, stored) : Promise.resolve(stored);
  }

  async revealAll(fields: readonly StoredPayerData[]): Promise<Opened[]> {
    const missing = [...new Set(fields.flatMap(({ stored }) => (isSealedText(stored) ? [subjectOf(stored)] : [])))].filter((subject) => !this.cached(subject));
    if (missing.length > 0) {
      const rows = await this.sql.query<{ subject: PayerSubject; tenant_id: string; wrapped_key: string | null }>(
        `SELECT subject, tenant_id, wrapped_key FROM pd_data_keys WHERE subject = ANY($1::text[])`,
        [missing],
      );
      for (const row of rows) this.remember(row.tenant_id, row.subject, this.unwrap(row.tenant_id, row.wrapped_key));
    }
    return Promise.all(fields.map(({ tenantId, stored }) => this.reveal(tenantId, stored)));
  }

  async heldBefore({ before, byTenant }: RetentionCutoffs, limit: number, after?: HeldSubject): Promise<HeldSubject[]> {
    const rows = await this.sql.query<{ subject: PayerSubject; tenant_id: string; created_at: Date }>(
      `SELECT k.subject, k.tenant_id::text AS tenant_id, k.created_at FROM pd_data_keys k
       LEFT JOIN unnest($2::uuid[], $3::timestamptz[]) AS own(tenant_id, before) ON own.tenant_id = k.tenant_id
       WHERE k.wrapped_key IS NOT NULL AND k.created_at < COALESCE(own.before, $1)
         AND ($5::timestamptz IS NULL OR (k.created_at, k.subject) > ($5, $6::text))
       ORDER BY k.created_at, k.subject LIMIT $4`,
      [before.toISOString(), [...byTenant.keys()], [...byTenant.values()].map((at) => at.toISOString()), limit, after?.createdAt.toISOString() ?? null, after?.subject ?? null],
    );
    return rows.map((row) => ({ subject: row.subject, tenantId: row.tenant_id, createdAt: new Date(row.created_at) }));
  }

  async shred(subjects: readonly PayerSubject[], reason: ShredReason, at: Date): Promise<PayerSubject[]> {
    if (subjects.length === 0) return [];
    const rows = await this.sql.transaction(async (tx) => {
      await tx.query(`DELETE FROM pd_subject_index WHERE subject = ANY($1::text[])`, [subjects]);
      return tx.query<{ subject: PayerSubject }>(
        `UPDATE pd_data_keys SET wrapped_key = NULL, shredded_at = $2, shred_reason = $3 WHERE subject = ANY($1::text[]) AND wrapped_key IS NOT NULL RETURNING subject`,
        [subjects, at.toISOString(), reason],
      );
    });
    for (const subject of subjects) this.cache.delete(subject);
    return rows.map((row) => row.subject);
  }

  /** The numbers' keyed hashes under the tenant's index key (made on first use). */
  private async mobileHashes(tenantId: string, mobiles: readonly string[]): Promise<string[]> {
    if (mobiles.length === 0) return [];
    const key = await this.indexKeyOf(tenantId, { create: true });
    if (!key) throw new Error(`The index key of tenant ${tenantId} was not stored`);
    return mobiles.map((mobile) => mobileHash(key, mobile));
  }

  async subjectsOfMobile(tenantId: string, mobile: string): Promise<PayerSubject[]> {
    const key = await this.indexKeyOf(tenantId, { create: false });
    if (!key) return [];
    const rows = await this.sql.query<{ subject: PayerSubject }>(
      `SELECT i.subject FROM pd_subject_index i JOIN pd_data_keys k ON k.subject = i.subject
       WHERE i.tenant_id = $1 AND i.mobile_hash = $2 AND k.wrapped_key IS NOT NULL ORDER BY k.created_at, i.subject`,
      [tenantId, mobileHash(key, mobile)],
    );
    return rows.map((row) => row.subject);
  }

  /** The tenant's key for the numbers' hashes: made on first use when `create`; kept for the life of the process. */
  private async indexKeyOf(tenantId: string, { create }: { create: boolean }): Promise<Buffer | null> {
    const known = this.indexKeys.get(tenantId);
    if (known) return known;
    if (create) {
      await this.sql.query(`INSERT INTO pd_index_keys (tenant_id, wrapped_key, created_at) VALUES ($1, $2, $3) ON CONFLICT (tenant_id) DO NOTHING`, [
        tenantId,
        this.wrapper.seal(newDataKey().toString('base64'), tenantId).ciphertext,
        new Date(this.now()).toISOString(),
      ]);
    }
    const [row] = await this.sql.query<{ wrapped_key: string }>(`SELECT wrapped_key FROM pd_index_keys WHERE tenant_id = $1`, [tenantId]);
    if (!row) return null;
    const key = Buffer.from(this.wrapper.open({ ciphertext: row.wrapped_key }, tenantId), 'base64');
    this.indexKeys.set(tenantId, key);
    return key;
  }

  async resealKeys(): Promise<number> {
    let resealed = await this.resealIndexKeys();
    for (let after = ''; ; ) {
      const held = await this.sql.query<{ subject: PayerSubject; tenant_id: string; wrapped_key: string }>(
        `SELECT subject, tenant_id::text AS tenant_id, wrapped_key FROM pd_data_keys WHERE wrapped_key IS NOT NULL AND subject > $1 ORDER BY subject LIMIT $2`,
        [after, RESEAL_PAGE],
      );
      for (const { subject, tenant_id: tenantId, wrapped_key: wrapped } of held) {
        if (!this.wrapper.isStale({ ciphertext: wrapped })) continue;
        const key = this.wrapper.open({ ciphertext: wrapped }, tenantId);
        // Only as it was read: a key destroyed meanwhile stays destroyed.
        const changed = await this.sql.query(`UPDATE pd_data_keys SET wrapped_key = $2 WHERE subject = $1 AND wrapped_key = $3 RETURNING subject`, [
          subject,
          this.wrapper.seal(key, tenantId).ciphertext,
          wrapped,
        ]);
        resealed += changed.length;
      }
      if (held.length < RESEAL_PAGE) return resealed;
      after = held[held.length - 1].subject;
    }
  }

  async keyRingProblem(): Promise<string | null> {
    const held = await this.sql.query<{ tenant_id: string; wrapped_key: string }>(
      `(SELECT tenant_id::text AS tenant_id, wrapped_key FROM pd_data_keys WHERE wrapped_key IS NOT NULL ORDER BY created_at LIMIT 1)
       UNION ALL
       (SELECT tenant_id::text AS tenant_id, wrapped_key FROM pd_data_keys WHERE wrapped_key IS NOT NULL ORDER BY created_at DESC LIMIT 1)`,
    );
    for (const { tenant_id: tenantId, wrapped_key: wrapped } of held) {
      try {
        this.wrapper.open({ ciphertext: wrapped }, tenantId);
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    }
    return null;
  }

  private async resealIndexKeys(): Promise<number> {
    const keys = await this.sql.query<{ tenant_id: string; wrapped_key: string }>(`SELECT tenant_id::text AS tenant_id, wrapped_key FROM pd_index_keys`);
    let resealed = 0;
    for (const { tenant_id: tenantId, wrapped_key: wrapped } of keys) {
      if (!this.wrapper.isStale({ ciphertext: wrapped })) continue;
      const key = this.wrapper.open({ ciphertext: wrapped }, tenantId);
      await this.sql.query(`UPDATE pd_index_keys SET wrapped_key = $2 WHERE tenant_id = $1 AND wrapped_key = $3`, [tenantId, this.wrapper.seal(key, tenantId).ciphertext, wrapped]);
      resealed += 1;
    }
    return resealed;
  }

  /** The subject's key, ERASED when destroyed, null when it has none yet. */
  private async keyOf(tenantId: string, subject: PayerSubject): Promise<Buffer | typeof ERASED | null> {
    const cached = this.cached(subject);
    if (cached) return cached.tenantId === tenantId ? cached.key : ERASED;
    const [row] = await this.sql.query<{ tenant_id: string; wrapped_key: string | null }>(`SELECT tenant_id, wrapped_key FROM pd_data_keys WHERE subject = $1`, [subject]);
    if (!row) return null;
    // A subject is one tenant's: another tenant asking for it gets nothing of it.
    if (row.tenant_id !== tenantId) return ERASED;
    return this.remember(tenantId, subject, this.unwrap(tenantId, row.wrapped_key));
  }

  /** Makes the subject's key (stored with the keys other requests of the moment make); when it had one, that one is the key. */
  private async create(tenantId: string, subject: PayerSubject, hashes: readonly string[], madeAt: Date): Promise<Buffer | typeof ERASED> {
    const key = newDataKey();
    const wrapped = this.wrapper.seal(key.toString('base64'), tenantId).ciphertext;
    // Ours when it went in (no read back, on the ingest's path); the one held before otherwise.
    if (await this.newKeys.add({ subject, tenantId, wrapped, createdAt: madeAt.toISOString(), hashes })) return this.remember(tenantId, subject, key);
    this.cache.delete(subject);
    const stored = await this.keyOf(tenantId, subject);
    if (stored === null) throw new Error(`The data key of ${subject} was not stored`);
    return stored;
  }

  /**
   * Stores the keys of subjects that have none, one statement for them all (the first key of a subject asked for twice),
   * then indexes the numbers under each subject whose key its tenant holds (not one destroyed, nor another tenant's).
   * Answers, for each, whether its key is the one stored.
   */
  private async storeKeys(keys: readonly NewKey[]): Promise<boolean[]> {
    const firsts = new Map<PayerSubject, NewKey>();
    for (const key of keys) if (!firsts.has(key.subject)) firsts.set(key.subject, key);
    const unique = [...firsts.values()];
    const made = await this.sql.query<{ subject: PayerSubject }>(
      `INSERT INTO pd_data_keys (subject, tenant_id, wrapped_key, created_at)
       SELECT * FROM unnest($1::text[], $2::uuid[], $3::text[], $4::timestamptz[]) ON CONFLICT (subject) DO NOTHING RETURNING subject`,
      [unique.map((key) => key.subject), unique.map((key) => key.tenantId), unique.map((key) => key.wrapped), unique.map((key) => key.createdAt)],
    );
    const indexed = keys.flatMap((key) => key.hashes.map((hash) => ({ ...key, hash })));
    if (indexed.length > 0) {
      await this.sql.query(
        `INSERT INTO pd_subject_index (tenant_id, mobile_hash, subject)
         SELECT given.tenant_id, given.hash, given.subject FROM unnest($1::uuid[], $2::text[], $3::text[]) AS given(tenant_id, hash, subject)
         JOIN pd_data_keys k ON k.subject = given.subject AND k.tenant_id = given.tenant_id AND k.wrapped_key IS NOT NULL
         ON CONFLICT DO NOTHING`,
        [indexed.map((row) => row.tenantId), indexed.map((row) => row.hash), indexed.map((row) => row.subject)],
      );
    }
    const stored = new Set(made.map((row) => row.subject));
    return keys.map((key) => stored.has(key.subject) && firsts.get(key.subject) === key);
  }

  private cached(subject: PayerSubject): CachedKey | undefined {
    const cached = this.cache.get(subject);
    return cached && cached.until > this.now() ? cached : undefined;
  }

  private unwrap(tenantId: string, wrapped: string | null): Buffer | typeof ERASED {
    return wrapped === null ? ERASED : Buffer.from(this.wrapper.open({ ciphertext: wrapped }, tenantId), 'base64');
  }

  private remember(tenantId: string, subject: PayerSubject, key: Buffer | typeof ERASED): Buffer | typeof ERASED {
    const oldest = this.cache.keys().next();
    if (this.cache.size >= KEY_CACHE_SIZE && !oldest.done) this.cache.delete(oldest.value);
    this.cache.set(subject, { tenantId, key, until: this.now() + KEY_CACHE_MS });
    return key;
  }
}
