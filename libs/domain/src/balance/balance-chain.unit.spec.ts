import { BALANCE_OBSERVED, BalanceCheck, BalanceObserved } from '@pvs/contracts';
import { fold } from '../decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { ObserveBalance, balanceChainFor, observeBalance } from './balance-chain';

const SMS_A = '6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b';
const SMS_B = 'a2e4c6b8-1d3f-4a5b-8c7d-9e0f1a2b3c4d';
const SMS_C = 'd4c3b2a1-9e8f-4d7c-a6b5-0f1e2d3c4b5a';

const credit = (smsId: string, amountPaisa: number, balancePaisa: number): ObserveBalance => ({ smsId, amountPaisa, balancePaisa });
const observed = (smsId: string, amountPaisa: number, balancePaisa: number, check: BalanceCheck): BalanceObserved => ({
  type: BALANCE_OBSERVED,
  data: { smsId, amountPaisa, balancePaisa, check },
});

// A: first on the chain; B: 1,500.00 more, consistent.
const chain = [observed(SMS_A, 1000000, 2350000, 'unknown'), observed(SMS_B, 150000, 2500000, 'consistent')];

describe('balanceChainFor', () => {
  it.each([
    ['the first credit on a chain', [], credit(SMS_A, 1000000, 2350000), [observed(SMS_A, 1000000, 2350000, 'unknown')]],
    ['a credit continuing the chain', chain.slice(0, 1), credit(SMS_B, 150000, 2500000), [observed(SMS_B, 150000, 2500000, 'consistent')]],
    ['a credit continuing the last balance', chain, credit(SMS_C, 25000, 2525000), [observed(SMS_C, 25000, 2525000, 'consistent')]],
    ['a credit one paisa short', chain, credit(SMS_C, 25000, 2524999), [observed(SMS_C, 25000, 2524999, 'inconsistent')]],
    ['a credit one paisa over', chain, credit(SMS_C, 25000, 2525001), [observed(SMS_C, 25000, 2525001, 'inconsistent')]],
    ['a credit following an earlier balance, not the last', chain, credit(SMS_C, 150000, 2500000), [observed(SMS_C, 150000, 2500000, 'inconsistent')]],
    ['a credit whose balance went down', chain, credit(SMS_C, 25000, 2475000), [observed(SMS_C, 25000, 2475000, 'inconsistent')]],
    ['a credit already observed', chain, credit(SMS_B, 150000, 2500000), []],
    ['a credit already observed, later credits since', chain, credit(SMS_A, 1000000, 2350000), []],
  ] as const)('%s', (_, history, command, expected) => {
    DeciderSpecification.for(balanceChainFor(command.smsId))(history).when(command).then(expected);
  });

  it.each([
    ['no observation', SMS_A, [], { last: null, check: null }],
    ['its own observation', SMS_A, chain.slice(0, 1), { last: chain[0].data, check: 'unknown' }],
    ['its own observation, then later credits', SMS_A, chain, { last: chain[1].data, check: 'unknown' }],
    ['its own, last observation', SMS_B, chain, { last: chain[1].data, check: 'consistent' }],
    ['observations of other SMS only', SMS_C, chain, { last: chain[1].data, check: null }],
    [
      'its own observation, then a credit with another check',
      SMS_B,
      [...chain, observed(SMS_C, 1, 1, 'inconsistent')],
      { last: observed(SMS_C, 1, 1, 'inconsistent').data, check: 'consistent' },
    ],
  ] as const)('folds %s', (_, smsId, events, expected) => {
    expect(fold(balanceChainFor(smsId), events)).toStrictEqual(expected);
  });

  it('is made of observeBalance and the BalanceObserved events', () => {
    const decider = balanceChainFor(SMS_A);
    expect(decider.decide).toBe(observeBalance);
    expect(decider.isEvent(chain[0])).toBe(true);
    expect(decider.isEvent({ type: 'SmsParsed', data: {} })).toBe(false);
  });
});
