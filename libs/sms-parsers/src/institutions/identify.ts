import { PhraseBook, PhraseHit } from '../lexicon/phrases';
import { Gateway } from '../sms.types';
import { institution, INSTITUTION_IDS, InstitutionId } from './institutions';

const BY_SENDER = new Map<string, InstitutionId[]>();
for (const id of INSTITUTION_IDS) for (const sender of institution(id).senders) BY_SENDER.set(sender, [...(BY_SENDER.get(sender) ?? []), id]);
const NAMES = new PhraseBook(INSTITUTION_IDS.map((id) => [id, institution(id).names] as const));

/** The institutions a normalised sender id belongs to, among those whose gateway the sender is trusted for. */
export function institutionsOfSender(sender: string, trustedFor: readonly Gateway[]): InstitutionId[] {
  return (BY_SENDER.get(sender) ?? []).filter((id) => trustedFor.includes(institution(id).gateway));
}

/** Every place a message names an institution ("your HBL A/C", "JazzCash Mobile Account"). */
export function findInstitutionNames(text: string): PhraseHit<InstitutionId>[] {
  return NAMES.scan(text);
}
