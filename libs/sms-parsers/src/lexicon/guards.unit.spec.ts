import { parseSms } from '../parse-sms';
import { SmsRejectionReason } from '../sms.types';
import { spellingOf } from '../testing/spelling';
import { NON_PAYMENT_REASONS, WORDINGS, WordingKind } from './wordings';

const GUARDED = NON_PAYMENT_REASONS.flatMap(([kind, reason]) =>
  kind === 'credited_reward' ? [] : WORDINGS[kind as WordingKind].map((phrase) => ({ kind, phrase, reason: reason as SmsRejectionReason, spelt: spellingOf(phrase) })),
);
const EXTRACTED_CREDIT = (words: string) =>
  `Dear Customer, Rs 5,000.00 ${words} received in your account 0301****567 from ALI RAZA via Raast. TID: 716204418853`;
const TEMPLATE_CREDIT = 'Rs 5,000.00 received in your JazzCash Mobile Account:03014455210 via Raast. TID: 716204418853';

describe('every non-payment phrase of the lexicon', () => {
  it('is spelt plainly, for each of the more than 200 phrases', () => {
    expect(GUARDED.length).toBeGreaterThan(200);
    for (const { spelt } of GUARDED) expect(spelt).toMatch(/^[^()?\\[\]{}|]+$/);
  });

  it('is what stands between these two credits and a reading', () => {
    expect(parseSms({ sender: 'MY-BANK', body: EXTRACTED_CREDIT('') }, { allowedSenders: { bank: ['MY-BANK'] } })).toMatchObject({ ok: true, tier: 'extracted' });
    expect(parseSms({ sender: '8558', body: TEMPLATE_CREDIT })).toMatchObject({ ok: true, tier: 'template' });
  });

  it.each(GUARDED)('$kind "$spelt" rejects a credit that says it', ({ spelt, reason }) => {
    expect(parseSms({ sender: 'MY-BANK', body: EXTRACTED_CREDIT(spelt) }, { allowedSenders: { bank: ['MY-BANK'] } })).toEqual({ ok: false, reason });
  });

  it.each(GUARDED.filter(({ kind }) => kind !== 'promotion'))('$kind "$spelt" rejects a template reading that says it after the transaction', ({ spelt }) => {
    expect(parseSms({ sender: '8558', body: `${TEMPLATE_CREDIT}. ${spelt}.` }).ok).toBe(false);
  });
});
