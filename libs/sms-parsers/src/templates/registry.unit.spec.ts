import { toPaisa } from '../normalise/money';
import { parseSms } from '../parse-sms';
import { DEFAULT_ALLOWED_SENDERS } from '../institutions/senders';
import { TEMPLATES } from './registry';

const cases = TEMPLATES.flatMap((template) =>
  template.examples.map((example, index) => ({ name: `${template.id} #${index + 1}`, template, example })),
);

describe('template registry', () => {
  it('has unique ids, senders on the default allow-list and at least one example each', () => {
    expect(new Set(TEMPLATES.map((template) => template.id)).size).toBe(TEMPLATES.length);
    for (const template of TEMPLATES) {
      expect(template.examples.length).toBeGreaterThan(0);
      expect(DEFAULT_ALLOWED_SENDERS[template.gateway]).toEqual(expect.arrayContaining([...template.senders]));
      expect(template.signature.global).toBe(true);
    }
  });

  it('covers both wallets and at least eight banks', () => {
    const banks = new Set(TEMPLATES.filter((template) => template.gateway === 'bank').map((template) => template.institution));
    expect(banks.size).toBeGreaterThanOrEqual(8);
    expect(TEMPLATES.some((template) => template.gateway === 'wallet_one')).toBe(true);
    expect(TEMPLATES.some((template) => template.gateway === 'wallet_two')).toBe(true);
  });

  it.each(cases)('$name parses its own example from every sender of its institution', ({ template, example }) => {
    for (const sender of template.senders) {
      const parsed = parseSms({ sender, body: example.text });
      expect(parsed).toMatchObject({
        ok: true,
        gateway: template.gateway,
        direction: 'credit',
        currency: 'PKR',
        templateId: template.id,
        amountPaisa: toPaisa(example.amount),
        reference: example.reference,
      });
      if (!parsed.ok) continue;
      expect(parsed.balancePaisa).toBe(example.balance === undefined ? undefined : toPaisa(example.balance));
      expect(parsed.payer).toEqual(example.payer);
      expect(parsed.receivingAccount).toBe(example.receivingAccount);
      expect(parsed.occurredAt).toBe(example.occurredAt);
    }
  });
});
