import fc from 'fast-check';
import { PAYMENT_LINK_CREATED, PAYMENT_LINK_DISABLED, PAYMENT_LINK_USED, PaymentLinkCreated, PaymentLinkCreatedData, PaymentLinkDisabled, PaymentLinkEvent, PaymentLinkUsed } from '@pvs/contracts';
import { Refusal, fold } from '../decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { amountToPay, linkAvailability } from './availability';
import { LinkPayment, PaymentLinkCommand, decidePaymentLink, paymentLinkDecider } from './decide';
import { evolvePaymentLink } from './evolve';

const LINK_ID = '0b7d2c5e-9a41-5f3e-8c6d-2e4f6a8b0c1d';
const TENANT_ID = '3a5c7e9f-1b2d-4f6a-8c0e-2b4d6f8a0c1e';
const CREATED_AT = '2026-11-28T09:00:00.000Z';
const LATER = new Date('2026-11-28T10:00:00.000Z');
const EXPIRES_AT = '2026-11-29T09:00:00.000Z';

const asked: Omit<PaymentLinkCreatedData, 'createdAt'> = {
  linkId: LINK_ID,
  tenantId: TENANT_ID,
  code: 'k7m2q9x4vt',
  description: 'Lawn suit, 3 piece',
  amountPaisa: 450_000,
  minAmountPaisa: 450_000,
  maxAmountPaisa: 450_000,
  gateways: ['wallet_one', 'bank'],
  maxUses: 1,
  expiresAt: EXPIRES_AT,
  returnUrl: 'https://shop.example.pk/thanks',
  clientMetadata: { order: 'A-1001' },
  createdBy: 'merchant',
};
const openAmount = { amountPaisa: null, minAmountPaisa: 10_000, maxAmountPaisa: 5_000_000 };

const created = (overrides: Partial<PaymentLinkCreatedData> = {}): PaymentLinkCreated => ({ type: PAYMENT_LINK_CREATED, data: { ...asked, createdAt: CREATED_AT, ...overrides } });
const payment = (paymentId: string, overrides: Partial<LinkPayment> = {}): LinkPayment => ({ paymentId, gateway: 'wallet_one', amountPaisa: null, payerName: 'Sana Tariq', payerPhone: '03001234567', ...overrides });
const used = (paymentId: string, amountPaisa = 450_000): PaymentLinkUsed => ({
  type: PAYMENT_LINK_USED,
  data: { linkId: LINK_ID, tenantId: TENANT_ID, paymentId, amountPaisa, payerName: 'Sana Tariq', payerPhone: '03001234567', usedAt: LATER.toISOString() },
});
const disabled = (disabledBy = 'merchant'): PaymentLinkDisabled => ({ type: PAYMENT_LINK_DISABLED, data: { linkId: LINK_ID, tenantId: TENANT_ID, disabledBy, disabledAt: LATER.toISOString() } });
const create = (overrides: Partial<PaymentLinkCreatedData> = {}, now = new Date(CREATED_AT)): PaymentLinkCommand => ({ type: 'Create', link: { ...asked, ...overrides }, now });
const use = (paid: LinkPayment, now = LATER): PaymentLinkCommand => ({ type: 'Use', payment: paid, now });
const disable = (by = 'merchant'): PaymentLinkCommand => ({ type: 'Disable', by, now: LATER });
const unprocessable = (message: string): Refusal => ({ kind: 'unprocessable', message });
const conflict = (message: string): Refusal => ({ kind: 'conflict', message });

const P1 = '11111111-1111-5111-8111-111111111111';
const P2 = '22222222-2222-5222-8222-222222222222';
const given = DeciderSpecification.for(paymentLinkDecider);

describe('decidePaymentLink', () => {
  it.each<[string, PaymentLinkEvent[], PaymentLinkCommand, PaymentLinkEvent[]]>([
    ['Create a link of a fixed amount', [], create(), [created()]],
    ['Create a link the payer chooses the amount of', [], create(openAmount), [created(openAmount)]],
    ['Create a link that never expires, for any number of payments', [], create({ expiresAt: null, maxUses: null }), [created({ expiresAt: null, maxUses: null })]],
    ['Create a link of a minimum equal to its maximum', [], create({ ...openAmount, maxAmountPaisa: 10_000 }), [created({ ...openAmount, maxAmountPaisa: 10_000 })]],
    ['Use', [created()], use(payment(P1)), [used(P1)]],
    ['Use with the fixed amount entered', [created()], use(payment(P1, { amountPaisa: 450_000 })), [used(P1)]],
    ['Use at the smallest amount it allows', [created(openAmount)], use(payment(P1, { amountPaisa: 10_000 })), [used(P1, 10_000)]],
    ['Use at the largest amount it allows', [created(openAmount)], use(payment(P1, { amountPaisa: 5_000_000 })), [used(P1, 5_000_000)]],
    ['Use again, by another payment, within its uses', [created({ maxUses: 2 }), used(P1)], use(payment(P2)), [used(P2)]],
    ['Use through the other gateway it offers', [created()], use(payment(P1, { gateway: 'bank' })), [{ ...used(P1) }]],
    ['Use a millisecond before it expires', [created()], use(payment(P1), new Date(Date.parse(EXPIRES_AT) - 1)), [{ ...used(P1), data: { ...used(P1).data, usedAt: new Date(Date.parse(EXPIRES_AT) - 1).toISOString() } }]],
    ['Disable', [created()], disable(), [disabled()]],
    ['Disable a used link', [created(), used(P1)], disable('operator:Ayesha'), [disabled('operator:Ayesha')]],
  ])('%s', (_, history, command, expected) => {
    given(history).when(command).then(expected);
  });

  it.each<[string, PaymentLinkEvent[], PaymentLinkCommand]>([
    ['The same payment again', [created(), used(P1)], use(payment(P1))],
    ['The same payment again after the link was disabled', [created({ maxUses: null }), used(P1), disabled()], use(payment(P1))],
    ['Disable again', [created(), disabled()], disable()],
  ])('%s changes nothing', (_, history, command) => {
    given(history).when(command).thenNothingHappened();
  });

  it.each<[string, PaymentLinkEvent[], PaymentLinkCommand, Refusal]>([
    ['Create again', [created()], create(), conflict('Payment link already exists')],
    // The words the API answers with its 404.
    ['Use a link never created', [], use(payment(P1)), { kind: 'not_found', message: 'Payment link not found' }],
    ['Disable a link never created', [], disable(), { kind: 'not_found', message: 'Payment link not found' }],
    ['Use a disabled link', [created(), disabled()], use(payment(P1)), conflict('This payment link no longer takes payments')],
    ['Use an expired link', [created()], use(payment(P1), new Date(EXPIRES_AT)), conflict('This payment link has expired')],
    ['Use a single-use link twice', [created(), used(P1)], use(payment(P2)), conflict('This payment link has been used')],
    ['Use a link through a gateway it does not offer', [created()], use(payment(P1, { gateway: 'wallet_two' })), unprocessable('This payment link does not take wallet_two')],
    ['Use a fixed link with another amount', [created()], use(payment(P1, { amountPaisa: 450_001 })), unprocessable('The amount of this payment link is 4500 PKR')],
    ['Use an open link without an amount', [created(openAmount)], use(payment(P1)), unprocessable('amount must be between 100 and 50000 PKR')],
    ['Use an open link below its minimum', [created(openAmount)], use(payment(P1, { amountPaisa: 9_999 })), unprocessable('amount must be between 100 and 50000 PKR')],
    ['Use an open link above its maximum', [created(openAmount)], use(payment(P1, { amountPaisa: 5_000_001 })), unprocessable('amount must be between 100 and 50000 PKR')],
    ['Create a link of no amount', [], create({ amountPaisa: 0, minAmountPaisa: 0, maxAmountPaisa: 0 }), unprocessable('amount must be greater than 0')],
    ['Create a fixed link with bounds', [], create({ minAmountPaisa: 100 }), unprocessable('a link of a fixed amount takes no min_amount or max_amount')],
    ['Create a fixed link with a maximum', [], create({ maxAmountPaisa: 900_000 }), unprocessable('a link of a fixed amount takes no min_amount or max_amount')],
    ['Create an open link from nothing', [], create({ ...openAmount, minAmountPaisa: 0 }), unprocessable('min_amount must be greater than 0')],
    ['Create an open link whose maximum is below its minimum', [], create({ ...openAmount, maxAmountPaisa: 9_999 }), unprocessable('max_amount must not be below min_amount')],
    ['Create a link of no gateway', [], create({ gateways: [] }), unprocessable('gateways must name at least one gateway')],
    ['Create a link naming a gateway twice', [], create({ gateways: ['bank', 'bank'] }), unprocessable('gateways must not repeat a gateway')],
    ['Create a link of no uses', [], create({ maxUses: 0 }), unprocessable('max_uses must be a whole number of at least 1')],
    ['Create a link of half a use', [], create({ maxUses: 1.5 }), unprocessable('max_uses must be a whole number of at least 1')],
    ['Create a link that has already expired', [], create({ expiresAt: CREATED_AT }), unprocessable('expires_at must be in the future')],
  ])('%s is refused', (_, history, command, refusal) => {
    given(history).when(command).thenRefuses(refusal);
  });

  it('never takes more payments than its uses, nor one payment twice, whatever the payers send', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 20 }), (maxUses, payers) => {
        let history: PaymentLinkEvent[] = [created({ maxUses })];
        for (const payer of payers) {
          const decision = decidePaymentLink(use(payment(`00000000-0000-5000-8000-00000000000${payer}`)), fold(paymentLinkDecider, history));
          if (decision.ok) history = [...history, ...decision.events];
        }
        const paid = history.filter((event) => event.type === PAYMENT_LINK_USED).map((event) => (event.type === PAYMENT_LINK_USED ? event.data.paymentId : ''));
        expect(paid.length).toBeLessThanOrEqual(maxUses);
        expect(new Set(paid).size).toBe(paid.length);
        expect(paid.length).toBe(Math.min(maxUses, new Set(payers).size));
      }),
    );
  });
});

describe('evolvePaymentLink', () => {
  it('folds a link, its payments and its end', () => {
    const link = fold(paymentLinkDecider, [created(), used(P1), disabled()]);
    expect(link).toStrictEqual({
      id: LINK_ID,
      tenantId: TENANT_ID,
      code: 'k7m2q9x4vt',
      description: 'Lawn suit, 3 piece',
      amount: { amountPaisa: 450_000, minAmountPaisa: 450_000, maxAmountPaisa: 450_000 },
      gateways: ['wallet_one', 'bank'],
      maxUses: 1,
      expiresAt: EXPIRES_AT,
      returnUrl: 'https://shop.example.pk/thanks',
      clientMetadata: { order: 'A-1001' },
      createdAt: CREATED_AT,
      disabledAt: LATER.toISOString(),
      paymentIds: [P1],
    });
  });

  it('ignores a use or an end before the link', () => {
    expect(evolvePaymentLink(null, used(P1))).toBeNull();
    expect(evolvePaymentLink(null, disabled())).toBeNull();
    expect(paymentLinkDecider.initialState).toBeNull();
    expect(paymentLinkDecider.decide).toBe(decidePaymentLink);
    expect(paymentLinkDecider.isEvent(created())).toBe(true);
    expect(paymentLinkDecider.isEvent({ type: 'PaymentIntentRegistered', data: {} })).toBe(false);
  });
});

describe('linkAvailability and amountToPay', () => {
  const link = fold(paymentLinkDecider, [created({ ...openAmount, maxUses: 1 })])!;
  it('says why a link takes no payment, disabled first', () => {
    expect(linkAvailability(link, 0, LATER)).toBe('open');
    expect(linkAvailability(link, 0, new Date(EXPIRES_AT))).toBe('expired');
    expect(linkAvailability(link, 1, LATER)).toBe('used_up');
    expect(linkAvailability({ ...link, disabledAt: LATER.toISOString() }, 1, new Date(EXPIRES_AT))).toBe('disabled');
    expect(linkAvailability(link, 1, new Date(EXPIRES_AT))).toBe('expired');
    expect(linkAvailability({ ...link, expiresAt: null, maxUses: null }, 2, new Date('2099-01-01'))).toBe('open');
    expect(linkAvailability({ ...link, maxUses: 3 }, 2, LATER)).toBe('open');
  });
  it('takes the entered amount within the bounds only, and the fixed amount as it is', () => {
    expect(amountToPay(link, 10_000)).toBe(10_000);
    expect(amountToPay(link, 9_999)).toBeNull();
    expect(amountToPay(link, null)).toBeNull();
    const fixed = fold(paymentLinkDecider, [created()])!;
    expect(amountToPay(fixed, null)).toBe(450_000);
    expect(amountToPay(fixed, 450_000)).toBe(450_000);
    expect(amountToPay(fixed, 10_000)).toBeNull();
  });
});
