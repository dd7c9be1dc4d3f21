import { PayerSubject, SealedText } from './sealed-text';

/** What reads where payer data was, once its key is destroyed. */
export const ERASED = Symbol('erased');
export type Opened = string | typeof ERASED;

/** Why a subject's payer data was destroyed. */
export type ShredReason = 'retention' | 'erasure';

/**
 * Payer data sealed under a key per subject, kept apart from the data (crypto-shredding): destroying a subject's key
 * makes every copy of its data (events, projections, backups) unreadable at once.
 */
export interface PayerDataVault {
  /** Seals under the subject's key, made on first use. A subject whose key is destroyed takes no new data: ERASED. */
  seal(tenantId: string, subject: PayerSubject, plaintext: string): Promise<SealedText | typeof ERASED>;
  /** The plaintext, or ERASED once the subject's key is destroyed. */
  open(tenantId: string, sealed: SealedText): Promise<Opened>;
  /** Destroys the subjects' keys; answers the subjects whose key this call destroyed. */
  shred(subjects: readonly PayerSubject[], reason: ShredReason, at: Date): Promise<PayerSubject[]>;
}

/** Seals data keys at rest under the service's key ring (SecretBox does), bound to their tenant. */
export interface KeyWrapper {
  seal(plaintext: string, tenantId: string): { readonly ciphertext: string };
  open(secret: { readonly ciphertext: string }, tenantId: string): string;
}
