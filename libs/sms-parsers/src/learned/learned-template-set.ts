import { InstitutionId } from '../institutions/institutions';
import { normalizeSender } from '../institutions/senders';
import { Gateway } from '../sms.types';
import { normalizeText } from '../normalise/text';
import { TemplateMatcher } from '../templates/template';

/** A wording an operator taught from an example, as recorded: plain data, compiled when the set is made. */
export interface LearnedTemplateDefinition {
  /** `learned.<12 hex>` */
  readonly id: string;
  readonly gateway: Gateway;
  readonly institution: InstitutionId | null;
  /** The sender it was learned from: it reads that sender's messages only. */
  readonly sender: string;
  /** The anchored pattern's source, compiled with flags `id` as built-in patterns are. */
  readonly pattern: string;
  /** The wording's marker's source, compiled with flags `gi`. */
  readonly signature: string;
}

const NONE: readonly TemplateMatcher[] = [];

/** The learned templates a parse may use, found by sender. */
export class LearnedTemplateSet {
  private readonly bySender = new Map<string, TemplateMatcher[]>();

  constructor(readonly definitions: readonly LearnedTemplateDefinition[]) {
    for (const definition of definitions) {
      const sender = normalizeSender(definition.sender);
      // Stryker disable next-line ArrayDeclaration: a stray first entry has no gateway, so forSender never gives it
      const matchers = this.bySender.get(sender) ?? [];
      matchers.push({
        id: definition.id,
        gateway: definition.gateway,
        institution: definition.institution,
        pattern: new RegExp(definition.pattern, 'id'),
        signature: new RegExp(definition.signature, 'gi'),
      });
      this.bySender.set(sender, matchers);
    }
  }

  /** This set and one more template (a candidate, before it is recorded). */
  with(definition: LearnedTemplateDefinition): LearnedTemplateSet {
    return new LearnedTemplateSet([...this.definitions, definition]);
  }

  /** The templates learned from this (normalised) sender for one of the gateways it is trusted for. */
  forSender(sender: string, gateways: readonly Gateway[]): readonly TemplateMatcher[] {
    const learned = this.bySender.get(sender);
    return learned === undefined ? NONE : learned.filter((template) => gateways.includes(template.gateway));
  }
}

/**
 * Whether two learned wordings overlap: either one's pattern reads the other's example. Two such templates would
 * read one message two ways (or the same way twice), so the second is refused, even when learned at the same time.
 * An example erased (null) is read by nothing: only the other way is checked.
 */
export function learnedWordingsOverlap(a: { readonly pattern: string; readonly example: string | null }, b: { readonly pattern: string; readonly example: string | null }): boolean {
  const reads = (pattern: string, body: string | null) => body !== null && new RegExp(pattern, 'i').test(normalizeText(body));
  return reads(a.pattern, b.example) || reads(b.pattern, a.example);
}
