import { PayerSubject, SealedText } from '@pvs/contracts';

/** What reads where payer data was, once its key is destroyed. */
export const ERASED = Symbol('erased');
export type Opened = string | typeof ERASED;

/** A field of payer data as stored, and whose it is. */
export interface StoredPayerData {
  readonly tenantId: string;
  readonly stored: string;
}

/** A subject whose key is still held, and when its key was made (its first payer data recorded). */
export interface HeldSubject {
  readonly subject: PayerSubject;
  readonly tenantId: string;
  readonly createdAt: Date;
}

/** Where retention draws its line: keys made before `before`, or before a tenant's own line where it has one. */
export interface RetentionCutoffs {
  readonly before: Date;
  readonly byTenant: ReadonlyMap<string, Date>;
}

/** Why a subject's payer data was destroyed. */
export type ShredReason = 'retention' | 'erasure';

/**
 * Payer data sealed under a key per subject, kept apart from the data (crypto-shredding): destroying a subject's key
 * makes every copy of its data (events, projections, backups) unreadable at once.
 */
export interface PayerDataVault {
  /**
   * Seals under the subject's key, made on first use, and records that the subject's data holds `mobiles` (one form
   * each), by their keyed hashes. A subject whose key is destroyed takes no new data: ERASED. A key made now is dated
   * `madeAt` (now by default; the old event's time when old data is sealed), the age retention goes by.
   */
  seal(tenantId: string, subject: PayerSubject, plaintext: string, mobiles?: readonly string[], madeAt?: Date): Promise<SealedText | typeof ERASED>;
  /** The plaintext, or ERASED once the subject's key is destroyed. */
  open(tenantId: string, sealed: SealedText): Promise<Opened>;
  /** A field of payer data as stored: opened when sealed; as it was written when recorded before sealing. */
  reveal(tenantId: string, stored: string): Promise<Opened>;
  /** Many fields at once (their keys read together), in their order. */
  revealAll(fields: readonly StoredPayerData[]): Promise<Opened[]>;
  /** The tenant's subjects whose payer data holds the mobile number (one form), their keys not yet destroyed. */
  subjectsOfMobile(tenantId: string, mobile: string): Promise<PayerSubject[]>;
  /** Held keys past their tenant's cutoff, the oldest first, a page after `after` (an index range). */
  heldBefore(cutoffs: RetentionCutoffs, limit: number, after?: HeldSubject): Promise<HeldSubject[]>;
  /** Destroys the subjects' keys and their index rows; answers the subjects whose key this call destroyed. */
  shred(subjects: readonly PayerSubject[], reason: ShredReason, at: Date): Promise<PayerSubject[]>;
  /** Seals again under the key ring's current key every data key held under an older one; answers how many. */
  resealKeys(): Promise<number>;
  /**
   * Why the key ring cannot open the data keys, or null: a start-up check of the oldest and the newest key held (a
   * ring without the key they were sealed under would read every SMS as unopenable).
   */
  keyRingProblem(): Promise<string | null>;
}

/** Seals data keys at rest under the service's key ring (SecretBox does), bound to their tenant. */
export interface KeyWrapper {
  seal(plaintext: string, tenantId: string): { readonly ciphertext: string };
  open(secret: { readonly ciphertext: string }, tenantId: string): string;
  /** Whether it is sealed otherwise than the current key would seal it now. */
  isStale(secret: { readonly ciphertext: string }): boolean;
}

export const PAYER_DATA_VAULT = Symbol('PAYER_DATA_VAULT');
