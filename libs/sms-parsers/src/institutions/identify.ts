import { PhraseBook, PhraseHit } from '../lexicon/phrases';
import { Gateway } from '../sms.types';
import { institution, INSTITUTION_IDS, InstitutionId } from './institutions';
import { normalizeSender } from './senders';

const BY_SENDER = new Map<string, InstitutionId[]>();
for (const id of INSTITUTION_IDS) for (const sender of institution(id).senders) BY_SENDER.set(sender, [...(BY_SENDER.get(sender) ?? []), id]);
const NAMES = new PhraseBook(INSTITUTION_IDS.map((id) => [id, institution(id).names] as const));

/** Answers already given, per allow-list entry (the same array for as long as a tenant's settings stand). */
const KNOWN = new WeakMap<readonly Gateway[], Map<string, readonly InstitutionId[]>>();

/** The institutions a normalised sender id belongs to, among those whose gateway the sender is trusted for. */
export function institutionsOfSender(sender: string, trustedFor: readonly Gateway[]): readonly InstitutionId[] {
  let known = KNOWN.get(trustedFor);
  if (known === undefined) {
    known = new Map();
    KNOWN.set(trustedFor, known);
  }
  let ids = known.get(sender);
  if (ids === undefined) {
    ids = (BY_SENDER.get(sender) ?? []).filter((id) => trustedFor.includes(institution(id).gateway));
    known.set(sender, ids);
  }
  return ids;
}

/** The institution a sender id (as forwarded) is known to send for, whatever the tenant trusts; null for any other sender. */
export function institutionOfSender(sender: string): InstitutionId | null {
  return BY_SENDER.get(normalizeSender(sender))?.[0] ?? null;
}

/** Every place a message names an institution ("your HBL A/C", "JazzCash Mobile Account"). */
export function findInstitutionNames(text: string): PhraseHit<InstitutionId>[] {
  return NAMES.scan(text);
}
