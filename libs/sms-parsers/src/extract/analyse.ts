import { findInstitutionNames } from '../institutions/identify';
import { InstitutionId } from '../institutions/institutions';
import { PhraseBook, PhraseHit, Phrases } from '../lexicon/phrases';
import { HOLDER_WORDINGS, NON_PAYMENT_REASONS, THIRD_PARTY_WORDINGS, WORDING_KINDS, WordingKind, WORDINGS } from '../lexicon/wordings';
import { findMoney, MoneyMention } from '../normalise/money-mentions';
import { Span } from '../normalise/text';
import { AccountMention, findAccounts } from './accounts';
import { findBareAmounts, LabelledMoney, labelMoney } from './amount';
import { Ranges, splitSentences } from './sentences';
import { DateMention, findDate } from './dates';
import { findAddressee, findPayerName, findPayerNumber, NameMention } from './names';
import { findReferences, ReferenceMention } from './reference';

const WORDING_BOOK = new PhraseBook(WORDING_KINDS.map((kind) => [kind, WORDINGS[kind]] as const));
const HOLDER_BOOK = new PhraseBook([['holder', HOLDER_WORDINGS]] as const);
const THIRD_PARTY = new Phrases(THIRD_PARTY_WORDINGS);
/** Every phrase of every kind that can make a message a non-payment, promotions among them. */
const ANY_NON_PAYMENT = new Phrases(NON_PAYMENT_REASONS.flatMap(([kind]) => (kind === 'credited_reward' ? [] : WORDINGS[kind])));
const NON_PAYMENT_KINDS: ReadonlySet<WordingKind> = new Set(NON_PAYMENT_REASONS.flatMap(([kind]) => (kind === 'credited_reward' ? [] : [kind])));
/** Without a promotional phrase there is no tail to find. */
const PROMOTION = new Phrases(WORDINGS.promotion);
/** Wording that counts even in a safety note: a reversal or failure there undoes the credit. */
const COUNTED_IN_SAFETY_NOTE: readonly WordingKind[] = ['reversal', 'failure', 'uncollected'];
/** Wording that counts even in a name: "from OGDCL FINAL CASH DIVIDEND" is no customer's payment. */
const COUNTED_IN_NAME: readonly WordingKind[] = [...COUNTED_IN_SAFETY_NOTE, 'profit', 'loan', 'reward', 'otp'];
/** Wording that counts even in a promotional tail. */
const COUNTED_IN_TAIL: readonly WordingKind[] = [...COUNTED_IN_SAFETY_NOTE, 'otp'];
/** How far before a debit word its fee may stand. */
const FEE_REACH = 48;
/** A debit word right after a fee and its amount is about the fee ("Fee: Rs 10 deducted"), not the payment. */
const FEE_THEN_DEBIT = /(?<![\p{L}\p{N}])(?:fee|fees|charges?|tax|fed|wht|commission)[ :]*(?:of )?(?:(?:Rs|PKR)\.? ?[\d,.]+(?:\/-)? ?)?(?:(?:has|have) been |was |were |is |will be )?$/iu;

type IgnoredWording = PhraseHit<WordingKind> & { readonly because: 'name' | 'safety_note' | 'fee' | 'tail' };

interface SortedWordings {
  readonly wordings: readonly PhraseHit<WordingKind>[];
  readonly ignored: readonly IgnoredWording[];
  readonly tailStart: number;
}

/** A sentence of the text holding a position (a position outside every sentence is a sentence of its own). */
function sentenceOf(sentences: Ranges, index: number): Span {
  return sentences.at(index) ?? [index, index];
}

function isFeeRemark(text: string, sentences: Ranges, hit: PhraseHit<WordingKind>): boolean {
  return FEE_THEN_DEBIT.test(text.slice(Math.max(sentenceOf(sentences, hit.span[0])[0], hit.span[0] - FEE_REACH), hit.span[0]));
}

/**
 * Everything the words and numbers of a message say, before any decision; `explain` prints it. Each part is read on
 * first use: a message a template reads, or a non-payment, needs only its wording and references.
 */
export class Analysis {
  // Each part is boxed once read, so that a part read as undefined is not read again.
  private sentencesRead?: { readonly value: Ranges };
  private payerRead?: { readonly value: NameMention | undefined };
  private addresseeRead?: { readonly value: NameMention | undefined };
  private payerNumberRead?: { readonly value: string | undefined };
  private wordingsRead?: { readonly value: SortedWordings };
  private referencesRead?: { readonly value: readonly ReferenceMention[] };
  private markedRead?: { readonly value: readonly MoneyMention[] };
  private moneyRead?: { readonly value: readonly LabelledMoney[] };
  private bareAmountsRead?: { readonly value: readonly MoneyMention[] };
  private holderRead?: { readonly value: readonly PhraseHit<'holder'>[] };
  private accountsRead?: { readonly value: readonly AccountMention[] };
  private institutionsRead?: { readonly value: readonly PhraseHit<InstitutionId>[] };
  private dateRead?: { readonly value: DateMention | undefined };
  private nonPaymentWordingRead?: boolean;
  private thirdPartyRead?: boolean;

  /** @param transactionEnd where a template's body ends: read only when no credit word says where the transaction does. */
  constructor(
    readonly text: string,
    private readonly transactionEnd?: number,
  ) {}

  /**
   * The same text, read as a transaction that ends at `end` (where a template's body ends): in a wording no credit
   * word marks (a learned one), a promotion after it starts a tail, as one after the first credit sentence does.
   */
  endingAt(end: number): Analysis {
    return new Analysis(this.text, end);
  }

  get sentences(): Ranges {
    this.sentencesRead ??= { value: new Ranges(splitSentences(this.text)) };
    return this.sentencesRead.value;
  }

  private sentenceStart(index: number): number {
    return sentenceOf(this.sentences, index)[0];
  }

  /** Who paid, as "from NAME" writes it. */
  get payer(): NameMention | undefined {
    this.payerRead ??= { value: findPayerName(this.text) };
    return this.payerRead.value;
  }

  /** The holder's name in a greeting ("Dear ALI KHAN,"). */
  get addressee(): NameMention | undefined {
    this.addresseeRead ??= { value: findAddressee(this.text) };
    return this.addresseeRead.value;
  }

  get payerNumber(): string | undefined {
    this.payerNumberRead ??= { value: findPayerNumber(this.text) };
    return this.payerNumberRead.value;
  }

  /** Wording outside names, safety notes, fee remarks and an ignored tail. */
  get wordings(): readonly PhraseHit<WordingKind>[] {
    return this.sortedWordings.wordings;
  }

  /** Wording that does not count, and why. */
  get ignored(): readonly IgnoredWording[] {
    return this.sortedWordings.ignored;
  }

  /**
   * Whether any phrase that can make a message a non-payment stands in it: where none does, no such rule applies.
   * Once the wording is read, it tells (a non-payment phrase a longer one hides counts for nothing there either).
   */
  get mayBeNonPayment(): boolean {
    this.nonPaymentWordingRead ??=
      this.wordingsRead === undefined ? ANY_NON_PAYMENT.occursIn(this.text) : this.wordingsRead.value.wordings.some((hit) => NON_PAYMENT_KINDS.has(hit.kind));
    return this.nonPaymentWordingRead;
  }

  /** Where a promotional or legal tail after the transaction starts; `text.length` when there is none. */
  get tailStart(): number {
    if (this.wordingsRead === undefined && (!this.mayBeNonPayment || !PROMOTION.occursIn(this.text))) return this.text.length;
    return this.sortedWordings.tailStart;
  }

  private get sortedWordings(): SortedWordings {
    this.wordingsRead ??= { value: this.sortWordings() };
    return this.wordingsRead.value;
  }

  private sortWordings(): SortedWordings {
    const { text, sentences } = this;
    const names = Ranges.merged([this.payer, this.addressee].flatMap((name) => (name === undefined ? [] : [name.span])));
    const all = WORDING_BOOK.scan(text);
    const safetyNotes = Ranges.merged(
      all.filter((hit) => hit.kind === 'safety' && !names.holds(hit.span[0])).map((hit) => [hit.span[0], sentenceOf(sentences, hit.span[0])[1]] as const),
    );
    const ignored: IgnoredWording[] = [];
    const counted: PhraseHit<WordingKind>[] = [];
    for (const hit of all) {
      if (!COUNTED_IN_NAME.includes(hit.kind) && names.holds(hit.span[0])) ignored.push({ ...hit, because: 'name' });
      else if (!COUNTED_IN_SAFETY_NOTE.includes(hit.kind) && safetyNotes.holds(hit.span[0])) ignored.push({ ...hit, because: 'safety_note' });
      else if (hit.kind === 'debit' && isFeeRemark(text, sentences, hit)) ignored.push({ ...hit, because: 'fee' });
      else counted.push(hit);
    }
    const tailStart = this.tailStartAfter(counted);
    const inTail = (hit: PhraseHit<WordingKind>): boolean => hit.span[0] >= tailStart && !COUNTED_IN_TAIL.includes(hit.kind);
    for (const hit of counted) if (inTail(hit)) ignored.push({ ...hit, because: 'tail' });
    return { wordings: counted.filter((hit) => !inTail(hit)), ignored, tailStart };
  }

  /**
   * The first sentence after the first credit sentence that promotes something starts the tail; with no credit word,
   * the first promotion after the transaction's end, when it is known.
   */
  private tailStartAfter(hits: readonly PhraseHit<WordingKind>[]): number {
    const firstCredit = hits.find((hit) => hit.kind === 'credit');
    if (firstCredit === undefined) return this.tailStartAfterEnd(hits);
    const creditSentence = sentenceOf(this.sentences, firstCredit.span[0]);
    const promotion = hits.find((hit) => hit.kind === 'promotion' && hit.span[0] >= creditSentence[1]);
    return promotion === undefined ? this.text.length : this.sentenceStart(promotion.span[0]);
  }

  private tailStartAfterEnd(hits: readonly PhraseHit<WordingKind>[]): number {
    const end = this.transactionEnd;
    if (end === undefined) return this.text.length;
    const promotion = hits.find((hit) => hit.kind === 'promotion' && hit.span[0] >= end);
    return promotion === undefined ? this.text.length : Math.max(end, this.sentenceStart(promotion.span[0]));
  }

  /** Values after reference labels, tail included. */
  get allReferences(): readonly ReferenceMention[] {
    this.referencesRead ??= { value: findReferences(this.text) };
    return this.referencesRead.value;
  }

  /** Values after reference labels, before the tail. */
  get references(): readonly ReferenceMention[] {
    return this.allReferences.filter((reference) => reference.span[0] < this.tailStart);
  }

  private get marked(): readonly MoneyMention[] {
    this.markedRead ??= { value: findMoney(this.text) };
    return this.markedRead.value;
  }

  /** Money marked as rupees before the tail, each with its role. */
  get money(): readonly LabelledMoney[] {
    this.moneyRead ??= {
      value: labelMoney(this.text, this.marked, (index) => this.sentenceStart(index)).filter((mention) => mention.span[0] < this.tailStart),
    };
    return this.moneyRead.value;
  }

  /** Amounts with no currency marker where the words around them can only mean the payment's amount. */
  get bareAmounts(): readonly MoneyMention[] {
    if (this.bareAmountsRead === undefined) {
      const markedStarts = new Set(this.marked.map((mention) => mention.span[0]));
      this.bareAmountsRead = { value: findBareAmounts(this.text.slice(0, this.tailStart)).filter((bare) => !markedStarts.has(bare.span[0])) };
    }
    return this.bareAmountsRead.value;
  }

  /** The tail names another transaction: a reference, or a credit with an amount in its sentence. */
  get tailHoldsTransaction(): boolean {
    const { tailStart } = this;
    if (tailStart === this.text.length) return false;
    if (this.allReferences.some((reference) => reference.span[0] >= tailStart)) return true;
    const sentencesWithMoney = new Set(this.marked.map((mention) => this.sentenceStart(mention.span[0])));
    return this.ignored.some((hit) => hit.because === 'tail' && hit.kind === 'credit' && sentencesWithMoney.has(this.sentenceStart(hit.span[0])));
  }

  /** Words that address the credit to the account holder ("your account", "you have received"). */
  get holder(): readonly PhraseHit<'holder'>[] {
    this.holderRead ??= { value: HOLDER_BOOK.scan(this.text).filter((hit) => hit.span[0] < this.tailStart) };
    return this.holderRead.value;
  }

  /** Whether the credit is addressed to somebody's account by name ("in A/C of AHMED RAZA"), before the tail. */
  get namesThirdParty(): boolean {
    this.thirdPartyRead ??= THIRD_PARTY.occursIn(this.text.slice(0, this.tailStart));
    return this.thirdPartyRead;
  }

  get accounts(): readonly AccountMention[] {
    this.accountsRead ??= {
      value: findAccounts(this.text, (index) => this.sentenceStart(index)).filter((account) => account.span[0] < this.tailStart),
    };
    return this.accountsRead.value;
  }

  /** Every place the message names an institution. */
  get institutions(): readonly PhraseHit<InstitutionId>[] {
    this.institutionsRead ??= { value: findInstitutionNames(this.text) };
    return this.institutionsRead.value;
  }

  /** The first date (with its time) before the tail. */
  get date(): DateMention | undefined {
    this.dateRead ??= { value: findDate(this.text.slice(0, this.tailStart), this.marked.map((mention) => mention.extent)) };
    return this.dateRead.value;
  }
}

export function analyse(text: string): Analysis {
  return new Analysis(text);
}
