import { analyse } from '../extract/analyse';
import { INSTITUTION_IDS, institution } from '../institutions/institutions';
import { parseSms } from '../parse-sms';
import { spellingOf } from '../testing/spelling';
import { ACCOUNT_LABELS, AMOUNT_LABELS, BALANCE_LABELS, DECOY_MONEY_LABELS, REFERENCE_LABELS } from './labels';
import { HOLDER_WORDINGS, WORDINGS } from './wordings';

// Every entry of the lexicon is data a message depends on: each must do what its list says, in a message where
// nothing else would.
const spelt = (list: readonly string[]) => list.map((phrase) => ({ phrase, spelt: spellingOf(phrase) }));
const MY_BANK = { allowedSenders: { bank: ['MY-BANK'] } };

describe('credit wordings', () => {
  it.each(spelt(WORDINGS.credit))('"$spelt" makes a credit of a message that says nothing else', ({ spelt: words }) => {
    expect(parseSms({ sender: 'MY-BANK', body: `${words} Rs 5,000.00 from ALI RAZA. Ref 123456` }, MY_BANK)).toMatchObject({ ok: true, amountPaisa: 500000 });
  });
});

describe('words that address a credit to the holder', () => {
  it.each(spelt(HOLDER_WORDINGS))('"$spelt" makes the holder the receiver', ({ spelt: words }) => {
    expect(parseSms({ sender: 'MY-BANK', body: `Rs 5,000.00 received from ALI RAZA ${words}. Ref 123456` }, MY_BANK)).toMatchObject({ ok: true, target: 'holder' });
  });
});

describe('safety notes', () => {
  it.each(spelt(WORDINGS.safety))('"$spelt" starts a note whose words do not count', ({ spelt: words }) => {
    expect(parseSms({ sender: 'MY-BANK', body: `Rs 5,000.00 received from ALI RAZA. Ref 123456. ${words} OTP PIN` }, MY_BANK)).toMatchObject({ ok: true });
  });
});

describe('reference labels', () => {
  const ranked = REFERENCE_LABELS.flatMap((labels, rank) => spelt(labels).map((entry) => ({ ...entry, rank })));
  it.each(ranked)('"$spelt" (rank $rank) labels the reference after it', ({ spelt: label, rank }) => {
    expect(analyse(`Rs 5,000 received from ALI. ${label} 716204418853`).references).toEqual([
      expect.objectContaining({ rank, value: '716204418853' }),
    ]);
  });
});

describe('money labels', () => {
  const roleOfSecond = (label: string) => analyse(`Rs 5,000 received from ALI, ${label} Rs 9,000`).money.map((mention) => mention.role);
  it.each(spelt(BALANCE_LABELS))('"$spelt" makes the money after it the balance', ({ spelt: label }) => {
    expect(roleOfSecond(label)).toEqual(['transaction', 'balance']);
  });
  it.each(spelt(DECOY_MONEY_LABELS))('"$spelt" makes the money after it something other than the amount', ({ spelt: label }) => {
    expect(roleOfSecond(label)).toEqual(['transaction', 'decoy']);
  });
  it.each(spelt(AMOUNT_LABELS))('"$spelt" names the money after it as the amount', ({ spelt: label }) => {
    expect(analyse(`Balance Rs 9,000. ${label} Rs 5,000 received`).money.map((mention) => [mention.role, mention.label])).toEqual([
      ['balance', 'Balance'],
      ['transaction', expect.stringMatching(new RegExp(`^${label}$`, 'i'))],
    ]);
  });
});

describe('account words', () => {
  it.each(spelt(ACCOUNT_LABELS))('"$spelt" is followed by the account', ({ spelt: word }) => {
    expect(analyse(`Rs 5,000 received in your ${word} *1234 from ALI`).accounts).toEqual([expect.objectContaining({ value: '*1234', side: 'receiver' })]);
  });
});

describe('institution names', () => {
  const named = INSTITUTION_IDS.flatMap((id) => spelt(institution(id).names).map((entry) => ({ ...entry, id })));
  it.each(named)('"$spelt" names $id', ({ spelt: name, id }) => {
    expect(analyse(`Rs 5,000 received in your ${name} account`).institutions.flatMap((hit) => hit.kinds)).toContain(id);
  });
});
