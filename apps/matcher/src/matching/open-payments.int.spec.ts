import { randomUUID } from 'node:crypto';
import { PAYMENT_INTENT_REGISTERED, PaymentIntentRegistered } from '@pvs/contracts';
import { RecordedEvent } from '@pvs/event-store';
import { readModelMigrations } from '@pvs/read-model';
import { migrate, SqlClient } from '@pvs/sql';
import { describeOnEachDatabase, OpenedDatabase } from '@pvs/sql/testing';
import { matcherMigrations } from '../matcher-schema';
import { OpenPayments } from './open-payments';

const tenantId = randomUUID();

const at = (position: number) => `${String(position).padStart(20, '0')}:00000000000000000000`;

/** An intent as the log holds it, at a checkpoint of the store's shape. */
function intent(position: number, amountPaisa: number, expiresAt = '2026-11-28T12:00:00.000Z', gateway: 'wallet_one' | 'bank' = 'wallet_one'): RecordedEvent<PaymentIntentRegistered> {
  const paymentId = randomUUID();
  return {
    id: randomUUID(),
    type: PAYMENT_INTENT_REGISTERED,
    streamName: `payment-${paymentId}`,
    streamVersion: 1,
    position,
    checkpoint: at(position),
    recordedAt: new Date('2026-11-28T08:00:00Z'),
    metadata: { tenantId, correlationId: 'c' },
    data: {
      paymentId, tenantId, gateway, transactionReference: `T${position}`, normalizedReference: `T${position}`, amountPaisa, senderSource: null,
      callbackUrl: null, clientMetadata: null, registeredAt: '2026-11-28T08:00:00.000Z', expiresAt,
    },
  };
}

function openPaymentsSuite(open: () => Promise<OpenedDatabase>) {
  let sql: SqlClient;
  let close: () => Promise<void>;
  let payments: OpenPayments;

  beforeAll(async () => {
    ({ sql, close } = await open());
    await migrate(sql, [...readModelMigrations, ...matcherMigrations]);
    payments = new OpenPayments(sql);
  });

  afterAll(() => close());

  it('offers, for a credit, the intents of that tenant, gateway and amount registered before it in the log, oldest first', async () => {
    const [first, other, second, bank, later] = [intent(10, 50_000), intent(11, 60_000), intent(12, 50_000), intent(13, 50_000, undefined, 'bank'), intent(20, 50_000)];
    await payments.opened([first, other, second, bank, later]);
    await payments.opened([second, first]); // recorded again (a batch handled twice): nothing changes
    expect(await payments.withAmount(tenantId, 'wallet_one', 50_000, at(15), 20)).toEqual([first.data.paymentId, second.data.paymentId]);
    expect(await payments.withAmount(tenantId, 'wallet_one', 50_000, at(12), 20)).toEqual([first.data.paymentId]);
    expect(await payments.withAmount(tenantId, 'wallet_one', 50_000, at(21), 2)).toEqual([first.data.paymentId, second.data.paymentId]);
    expect(await payments.withAmount(randomUUID(), 'wallet_one', 50_000, at(21), 20)).toEqual([]);
    await payments.forget([first.data.paymentId, first.data.paymentId]);
    expect(await payments.withAmount(tenantId, 'wallet_one', 50_000, at(21), 20)).toEqual([second.data.paymentId, later.data.paymentId]);
  });

  it('lists the payments due to expire, soonest first, until they are forgotten', async () => {
    const [soon, sooner, notYet] = [intent(30, 1, '2030-01-01T00:00:02.000Z'), intent(31, 1, '2030-01-01T00:00:01.000Z'), intent(32, 1, '2030-01-02T00:00:00.000Z')];
    await payments.opened([soon, sooner, notYet]);
    const due = async () => (await payments.expiredAt(new Date('2030-01-01T12:00:00Z'), 1_000)).filter((id) => [soon, sooner, notYet].some((i) => i.data.paymentId === id));
    expect(await due()).toEqual([sooner.data.paymentId, soon.data.paymentId]);
    await payments.forget([sooner.data.paymentId]);
    expect(await due()).toEqual([soon.data.paymentId]);
  });
}

describeOnEachDatabase('OpenPayments', openPaymentsSuite);
