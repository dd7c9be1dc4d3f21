import fc from 'fast-check';
import { Event, SMS_MATCHED, SMS_PARSED, SMS_REJECTED, SMS_UNMATCHED, SmsOutcome, SmsParse, TenantRegisteredData } from '@pvs/contracts';
import { Decider, fold } from './decider';
import { PaymentCommand, paymentDecider } from './payment';
import { SmsCommand, smsDecider } from './sms';
import { LearnedTemplateCommand, learnedTemplatesDecider } from './sms-template';
import { TenantCommand, tenantDecider } from './tenant';
import { anIntent } from './testing/fixtures';

const PAYMENT_ID = '7a0e8f7e-3c55-5a43-9d5e-0a9b6c2f1e11';
const TENANT_ID = 'b2a4c1e0-58f4-4c3b-8a51-5d6f0e9c2a17';
const SMS_IDS = ['1f7a3c2e-8b4d-5e6f-9a0b-1c2d3e4f5a6b', '2e8b4d3f-9c5e-5f70-8b1c-2d3e4f5a6b7c'];
const T0 = Date.parse('2026-11-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

const amount = fc.constantFrom(100_000, 100_050, 250_000);
const minute = fc.integer({ min: 0, max: 60 });
const smsId = fc.constantFrom(...SMS_IDS);

const paymentCommand: fc.Arbitrary<PaymentCommand> = fc.oneof(
  amount.map((amountPaisa) => ({
    type: 'RegisterIntent' as const,
    intent: anIntent({
      paymentId: PAYMENT_ID,
      tenantId: TENANT_ID,
      transactionReference: 'TX-1',
      normalizedReference: 'TX1',
      amountPaisa,
      registeredAt: at(0).toISOString(),
      expiresAt: at(30).toISOString(),
    }),
  })),
  fc
    .record({ smsId, amountPaisa: amount, recorded: minute, balanceCheck: fc.constantFrom('consistent', 'inconsistent', 'unknown' as const), doubt: fc.constantFrom(null, 'unconfirmed_reading' as const, 'foreign_account' as const, 'third_party' as const), review: fc.boolean(), now: minute })
    .map(({ recorded, review, now, ...evidence }) => ({
      type: 'DecideOnSms' as const,
      evidence: { ...evidence, recordedAt: at(recorded).toISOString() },
      balanceMode: review ? ('review' as const) : ('record' as const),
      now: at(now),
    })),
  fc.record({ smsId, amountPaisa: amount, balanceCheck: fc.constantFrom('consistent', 'unknown' as const), now: minute.map(at) }).map((flag) => ({ type: 'FlagUnreferencedCredit' as const, ...flag })),
  minute.map((now) => ({ type: 'Expire' as const, now: at(now) })),
  fc.record({ approve: fc.boolean(), note: fc.string({ maxLength: 5 }), now: minute }).map(({ approve, note, now }) => ({
    type: 'Review' as const,
    verdict: approve ? ('approve' as const) : ('reject' as const),
    reviewer: { id: 'admin', name: 'admin' },
    note,
    now: at(now),
  })),
);

const parse = (type: typeof SMS_PARSED | typeof SMS_REJECTED, id: string): SmsParse =>
  type === SMS_REJECTED
    ? { type, data: { smsId: id, tenantId: TENANT_ID, reason: 'unknown_template' } }
    : {
        type,
        data: {
          smsId: id,
          tenantId: TENANT_ID,
          gateway: 'wallet_one',
          tier: 'template',
          templateId: 'wallet_one.credit',
          institution: 'jazzcash',
          reference: 'TX-1',
          normalizedReference: 'TX1',
          amountPaisa: 100_000,
          payer: null,
          receivingAccount: null,
          balancePaisa: null,
          occurredAt: null,
          reparsed: false,
        },
      };

const outcome = (matched: boolean, parsedVersion: number, detail: number): SmsOutcome =>
  matched
    ? { type: SMS_MATCHED, data: { smsId: SMS_IDS[0], parsedVersion, paymentId: PAYMENT_ID, status: detail === 0 ? 'verified' : 'manual_review' } }
    : { type: SMS_UNMATCHED, data: { smsId: SMS_IDS[0], parsedVersion, reason: detail === 0 ? 'awaiting_intent' : 'intent_decided', paymentId: PAYMENT_ID } };

const smsCommand: fc.Arbitrary<SmsCommand> = fc.oneof(
  fc.constantFrom(SMS_PARSED, SMS_REJECTED).map((type) => ({
    type: 'Record' as const,
    received: { smsId: SMS_IDS[0], tenantId: TENANT_ID, sender: '8558', body: 'credit', receivedAt: null, recordedAt: at(0).toISOString(), source: 'native' as const, forwarderId: null },
    parse: parse(type, SMS_IDS[0]),
  })),
  fc.constantFrom(SMS_PARSED, SMS_REJECTED).map((type) => ({ type: 'Reparse' as const, parse: parse(type, SMS_IDS[0]) })),
  fc.record({ matched: fc.boolean(), parsedVersion: fc.integer({ min: 2, max: 3 }), detail: fc.nat(1) }).map(({ matched, parsedVersion, detail }) => ({
    type: 'RecordOutcome' as const,
    outcome: outcome(matched, parsedVersion, detail),
  })),
);

const registration = (webhookUrl: string | null): TenantRegisteredData => ({
  tenantId: TENANT_ID,
  name: 'Shop',
  webhookUrl,
  allowedSenders: null,
  receivingAccounts: null,
  balanceCheck: 'record',
  verificationPolicy: 'standard',
  alertWebhooks: [],
  raastQr: null,
  payerDataRetentionDays: 180,
  unpaidCycleLimit: 3,
  apiKey: { keyId: 'k1', hash: 'h1' },
  gatewaySecret: { keyId: 'g1', hash: 'h2' },
  webhookSecret: { ciphertext: 'v2:aa:secret-1' },
  registeredAt: at(0).toISOString(),
});

const tenantCommand: fc.Arbitrary<TenantCommand> = fc.oneof(
  fc.constantFrom(null, 'https://shop.example/hook').map((url) => ({ type: 'Register' as const, registration: registration(url) })),
  fc
    .record({ status: fc.option(fc.constantFrom('active', 'suspended' as const), { nil: undefined }), unpaidCycles: fc.option(fc.nat(4), { nil: undefined }) })
    .map((settings) => ({ type: 'Update' as const, settings, now: at(1) })),
  fc.constantFrom('api_key', 'gateway_secret' as const).map((credential) => ({ type: 'RotateCredential' as const, credential, replacement: { keyId: `${credential}-2`, hash: 'h3' }, now: at(2) })),
  fc.constant({ type: 'RotateWebhookSecret' as const, webhookSecret: { ciphertext: 'v2:aa:secret-2' }, previousValidUntil: at(60).toISOString(), now: at(3) }),
  fc.constant({ type: 'SetTwilioAuthToken' as const, authToken: { ciphertext: 'v2:aa:twilio-1' }, now: at(5) }),
  fc.constant({ type: 'ClearTwilioAuthToken' as const, now: at(6) }),
  fc.boolean().map((stale) => ({
    type: 'ResealSecrets' as const,
    keyFingerprint: 'bb',
    reseal: (secret: { ciphertext: string }) => (stale && secret.ciphertext.startsWith('v2:aa:') ? { ciphertext: secret.ciphertext.replace('v2:aa:', 'v2:bb:') } : null),
    now: at(4),
  })),
);

const TEMPLATE_IDS = ['learned.0123456789ab', 'learned.ba9876543210'];
const operator = { id: 'op_0a1b2c3d4e5f6071', name: 'Ayesha Siddiqui' };
const learnedTemplateCommand: fc.Arbitrary<LearnedTemplateCommand> = fc.tuple(fc.constantFrom(...TEMPLATE_IDS), minute).chain(([templateId, minutes]) =>
  fc.constantFrom<LearnedTemplateCommand>(
    {
      type: 'Learn',
      template: {
        templateId,
        tenantId: TENANT_ID,
        gateway: 'bank',
        institution: null,
        sender: 'NEWBANK',
        pattern: '^got (?<amount>\\d+)$',
        signature: 'got',
        example: { smsId: null, sender: 'NEWBANK', body: 'got 5', marks: { amount: [4, 5] } },
        note: '',
      },
      exampleText: 'got 5',
      examples: Object.fromEntries(TEMPLATE_IDS.map((id) => [id, 'got 5'])),
      by: operator,
      now: at(minutes),
    },
    { type: 'Promote', templateId, note: 'every tenant', examples: Object.fromEntries(TEMPLATE_IDS.map((id) => [id, 'got 5'])), by: operator, now: at(minutes) },
    { type: 'Retire', templateId, note: 'wording changed', by: operator, now: at(minutes) },
  ),
);

/** Runs commands one after the other as the command path would: each decided on the state the events so far fold to. */
function run<Command, State, E extends Event>(decider: Decider<Command, State, E>, commands: readonly Command[]) {
  const events: E[] = [];
  let state = decider.initialState;
  for (const command of commands) {
    const first = decider.decide(command, state);
    expect(decider.decide(command, state)).toStrictEqual(first);
    if (!first.ok) continue;
    for (const event of first.events) {
      expect(decider.isEvent(event)).toBe(true);
      state = decider.evolve(state, event);
    }
    events.push(...first.events);
  }
  return { events, state };
}

/** What holds for every decider, over any sequence of its commands. */
function describeDecider<Command, State, E extends Event>(name: string, decider: Decider<Command, State, E>, command: fc.Arbitrary<Command>): void {
  describe(`the ${name} decider, over any sequence of commands`, () => {
    it('decides the same on the same state, records only its own events, and its events fold to the state reached', () => {
      fc.assert(
        fc.property(fc.array(command, { maxLength: 12 }), (commands) => {
          const { events, state } = run(decider, commands);
          expect(fold(decider, events)).toStrictEqual(state);
        }),
      );
    });

    it('folds its events in any order and any number without throwing', () => {
      const events = fc.array(command, { maxLength: 12 }).chain((commands) => fc.shuffledSubarray(run(decider, commands).events));
      fc.assert(
        fc.property(events, events, (a, b) => {
          expect(() => fold(decider, [...a, ...b])).not.toThrow();
        }),
      );
    });
  });
}

describeDecider('payment', paymentDecider, paymentCommand);
describeDecider('SMS', smsDecider, smsCommand);
describeDecider('tenant', tenantDecider, tenantCommand);
describeDecider('learned templates', learnedTemplatesDecider, learnedTemplateCommand);

describe('a payment, over any sequence of commands', () => {
  it('is registered once, decided by an SMS at most once, and never leaves a final status', () => {
    fc.assert(
      fc.property(fc.array(paymentCommand, { maxLength: 12 }), (commands) => {
        const { events } = run(paymentDecider, commands);
        const types = events.map((event) => event.type);
        expect(types.filter((type) => type === 'PaymentIntentRegistered').length).toBeLessThanOrEqual(1);
        if (types.length > 0) expect(types[0]).toBe('PaymentIntentRegistered');
        const bySms = types.filter((type) => ['PaymentVerified', 'PaymentFlaggedForReview', 'PaymentExpired'].includes(type));
        expect(bySms.length).toBeLessThanOrEqual(1);
        const statuses = events.map((_, i) => fold(paymentDecider, events.slice(0, i + 1))?.status);
        for (let i = 1; i < statuses.length; i++) if (statuses[i - 1] === 'verified' || statuses[i - 1] === 'failed') expect(statuses[i]).toBe(statuses[i - 1]);
      }),
    );
  });

  it('keeps the amount it was registered with, to the paisa', () => {
    fc.assert(
      fc.property(fc.array(paymentCommand, { maxLength: 12 }), (commands) => {
        const { events, state } = run(paymentDecider, commands);
        const [registered] = events;
        if (registered?.type === 'PaymentIntentRegistered') expect(state?.amountExpectedPaisa).toBe(registered.data.amountPaisa);
      }),
    );
  });
});
