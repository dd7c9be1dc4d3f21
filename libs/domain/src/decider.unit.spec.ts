import { Event } from '@pvs/contracts';
import { REFUSAL_KINDS, accept, fold, refuse, refused, succeed } from './decider';

type Step = Event<'Step', { readonly digit: number }>;
const step = (digit: number): Step => ({ type: 'Step', data: { digit } });
const digits = { initialState: '>', evolve: (state: string, event: Step) => `${state}${event.data.digit}` };

describe('REFUSAL_KINDS', () => {
  it('lists the kinds of refusal a client is told', () => {
    expect(REFUSAL_KINDS).toStrictEqual(['not_found', 'conflict', 'unprocessable']);
  });
});

describe('fold', () => {
  it.each([
    ['no events', [], '>'],
    ['one event', [step(7)], '>7'],
    ['events in the order given', [step(1), step(2), step(3)], '>123'],
    ['the same events in another order', [step(3), step(1), step(2)], '>312'],
  ] as const)('%s', (_, events, expected) => {
    expect(fold(digits, events)).toBe(expected);
  });
});

describe('accept', () => {
  it.each([
    ['no events', [], { ok: true, events: [] }],
    ['one event', [step(1)], { ok: true, events: [step(1)] }],
    ['several events, in order', [step(2), step(1)], { ok: true, events: [step(2), step(1)] }],
  ] as const)('%s', (_, events, expected) => {
    expect(accept(...events)).toStrictEqual(expected);
  });
});

describe('refuse and refused', () => {
  it.each(REFUSAL_KINDS.map((kind) => [kind]))('carry a %s refusal', (kind) => {
    expect(refuse(kind, 'Payment not found')).toStrictEqual({ ok: false, refusal: { kind, message: 'Payment not found' } });
    expect(refused(kind, 'Payment not found')).toStrictEqual({ ok: false, refusal: { kind, message: 'Payment not found' } });
  });
});

describe('succeed', () => {
  it.each([
    ['a value', { paymentId: '16bb12f6-6a36-58dc-bcbf-a637889931b2' }],
    ['null', null],
    ['false', false],
  ] as const)('carries %s', (_, value) => {
    expect(succeed(value)).toStrictEqual({ ok: true, value });
  });
});
