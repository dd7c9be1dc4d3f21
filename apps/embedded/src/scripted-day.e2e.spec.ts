import { randomInt } from 'node:crypto';
import { verifyWebhook } from '@pvs/client';
import { Clock } from '@pvs/runtime';
import { jazzCashCredit, randomTransactionId } from '@pvs/testing';
import { TestService, TestTenant, WebhookReceiver, startTestService } from './testing';

const MINUTE = 60_000;
/** Monday 2026-11-23, 09:00 in Karachi: the phones' first words (pings); the shop takes payments from 11:00 to 18:00. */
const DAWN = Date.parse('2026-11-23T09:00:00+05:00');
const OPENING = Date.parse('2026-11-23T11:00:00+05:00');
const CLOSING = Date.parse('2026-11-23T18:00:00+05:00');
/** The faults: the counter phone stops for an hour; one bank SMS never reaches us. */
const PHONE_STOPS = Date.parse('2026-11-23T13:00:00+05:00');
const PHONE_RESUMES = Date.parse('2026-11-23T14:00:00+05:00');
const DROPPED_SMS_AT = Date.parse('2026-11-23T16:13:00+05:00');
const ALERTS = ['forwarder.silent', 'forwarder.recovered', 'sms.gap_suspected', 'payment.stalled', 'payment.review_required'];

const karachi = (ms: number) => new Date(ms + 5 * 60 * MINUTE).toISOString().slice(11, 16);
const pkr = (paisa: number) => (paisa / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });

/** A clock that stands still until the day's script moves it. */
function scriptedClock(start: number): Clock & { set(ms: number): void } {
  let now = start;
  return { now: () => new Date(now), set: (ms) => void (now = ms) };
}

/**
 * A day of a shop's traffic, minute by minute on the service's clock: a counter phone (SMS Gateway for Android, a
 * ping every 15 minutes) forwarding a JazzCash payment every 15 minutes, a bank phone (a ping every 30 minutes)
 * forwarding a bank payment every hour and a debit every two hours, each bank SMS stating the account's balance (within
 * the spec's rate limits of one tenant, which count real time). At 13:00 the counter phone stops for
 * an hour (its SMS of that hour are lost); at 16:13 one bank SMS never reaches us. Which alerts reach the merchant,
 * and how many minutes after each fault?
 */
describe('a scripted day: one phone stopped for an hour, one SMS dropped', () => {
  const clock = scriptedClock(DAWN);
  const receiver = new WebhookReceiver();
  let service: TestService;
  let shop: TestTenant;

  beforeAll(async () => {
    await receiver.start();
    service = await startTestService({ clock, watchIntervalMs: 20 });
    shop = await service.createTenant({ name: 'Scripted Day', webhook_url: receiver.url, alert_webhooks: ALERTS });
  });

  afterAll(async () => {
    await service.close();
    await receiver.stop();
  });

  /** The alert webhooks received, verified with the merchant SDK, their data read as the JSON it is. */
  /** The alert webhooks received, each once: a retry after an answer too slow on a loaded machine is the same webhook (its id). */
  const alerts = (): { event: string; created_at: string; data: Record<string, unknown> }[] => {
    const verified = receiver.received.map((webhook) => verifyWebhook(webhook.rawBody, webhook.headers, shop.webhookSecret, { now: clock.now(), toleranceSeconds: 86_400 }));
    const once = [...new Map(verified.map((event) => [event.id, event])).values()];
    return once.filter((event) => ALERTS.includes(event.event)).map((event) => JSON.parse(JSON.stringify(event)));
  };

  it('tells the merchant of the silent phone, its payments and the missing SMS, once each', async () => {
    const counterPhone = (body: Record<string, unknown>) =>
      service.request('POST', '/sms/ingest', { body: { deviceId: 'counter', webhookId: 'w1', id: randomTransactionId(), ...body }, headers: { 'x-api-key': shop.apiKey } });
    const bankPhone = (body: Record<string, unknown>) =>
      service.request('POST', '/sms/ingest', { body: { deviceId: 'bank', webhookId: 'w2', id: randomTransactionId(), ...body }, headers: { 'x-api-key': shop.apiKey } });
    const register = async (gateway: string, reference: string, amount: number) =>
      (await service.request('POST', '/payments/verify', { body: { gateway, transaction_reference: reference, amount }, headers: { 'x-api-key': shop.apiKey } })).body.data.uuid as string;
    const smsOf = (message: string, sender: string, at: number) => ({ event: 'sms:received', payload: { message, phoneNumber: sender, receivedAt: new Date(at).toISOString(), simNumber: 1 } });

    let balance = 5_000_000;
    const jazzCashDue = new Map<number, { reference: string; amount: number }>();
    const bankDue = new Map<number, { reference: string; amount: number }>();
    const lost: string[] = [];
    let dropped = '';
    /** When the bank phone forwarded its first SMS after the dropped one: the gap shows only then. */
    let nextStatementAt = 0;
    const counterUp = (at: number) => at < PHONE_STOPS || at >= PHONE_RESUMES;
    // One minute of the day: the phones speak, payers pay, merchants register; then the service catches up.
    const minute = async (at: number) => {
      clock.set(at);
      const minuteOfHour = new Date(at).getUTCMinutes();
      if (minuteOfHour % 15 === 0 && counterUp(at)) await counterPhone({ event: 'system:ping', payload: { health: { status: 'pass' } } });
      if (minuteOfHour % 30 === 0) await bankPhone({ event: 'system:ping', payload: { health: { status: 'pass' } } });
      if (at >= OPENING && at < CLOSING) {
        if (minuteOfHour % 15 === 5) {
          const payment = { reference: randomTransactionId(), amount: 100 + randomInt(0, 90) * 10 };
          await register('wallet_one', payment.reference, payment.amount);
          jazzCashDue.set(at + 2 * MINUTE, payment);
        }
        if (minuteOfHour === 10) {
          const payment = { reference: `FT${randomTransactionId()}`, amount: 1_000 + randomInt(0, 40) * 50 };
          await register('bank', payment.reference, payment.amount);
          bankDue.set(at + 3 * MINUTE, payment);
        }
        if (minuteOfHour === 50 && new Date(at).getUTCHours() % 2 === 0) {
          balance -= 75_000;
          await bankPhone(smsOf(`Dear Customer, PKR 750.00 has been debited from your A/C **7781. Avl Bal: PKR ${pkr(balance)}`, 'HBL', at));
          if (at > DROPPED_SMS_AT && nextStatementAt === 0) nextStatementAt = at;
        }
      }
      const jazzCash = jazzCashDue.get(at);
      if (jazzCash) {
        const body = jazzCashCredit(jazzCash);
        if (counterUp(at)) await counterPhone(smsOf(body, '8558', at));
        else lost.push(jazzCash.reference);
      }
      const bank = bankDue.get(at);
      if (bank) {
        balance += bank.amount * 100;
        const body = `PKR ${pkr(bank.amount * 100)} credited to your A/C **7781 from ALI RAZA. Ref ${bank.reference}. Avl Bal: PKR ${pkr(balance)}`;
        if (at === DROPPED_SMS_AT) dropped = bank.reference;
        else await bankPhone(smsOf(body, 'HBL', at));
        if (at > DROPPED_SMS_AT && nextStatementAt === 0) nextStatementAt = at;
      }
      await new Promise((resolve) => setTimeout(resolve, 60));
    };
    // Minute by minute around the faults, five minutes at a time elsewhere (nothing happens between).
    for (let at = DAWN; at <= CLOSING; at += MINUTE) {
      const nearFault = (at >= PHONE_STOPS - 10 * MINUTE && at <= PHONE_RESUMES + 90 * MINUTE) || (at >= DROPPED_SMS_AT - 10 * MINUTE && at <= DROPPED_SMS_AT + 90 * MINUTE);
      const eventful = new Date(at).getUTCMinutes() % 5 === 0 || jazzCashDue.has(at) || bankDue.has(at);
      if (nearFault || eventful) await minute(at);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));

    const raised = alerts().map((event) => {
      const { data } = event;
      const at = Date.parse(String(data.detected_at ?? data.heard_at ?? event.created_at));
      return { event: event.event, at, data };
    });
    const after = (fault: number, at: number) => Math.round((at - fault) / MINUTE);
    const timeline = raised.map(({ event, at, data }) => `${karachi(at)} ${event}${data.reason ? ` (${String(data.reason)})` : ''}`);
    console.log(`The scripted day's alerts:\n${timeline.join('\n')}`);

    const silent = raised.filter((alert) => alert.event === 'forwarder.silent');
    expect(silent).toHaveLength(1);
    const [silence] = silent;
    expect(after(PHONE_STOPS, silence?.at ?? 0)).toBeLessThanOrEqual(35);
    const recovered = raised.filter((alert) => alert.event === 'forwarder.recovered');
    expect(recovered.map((alert) => karachi(alert.at))).toEqual([karachi(PHONE_RESUMES)]);
    // Each payment whose SMS was lost stalls, put down to the phone.
    const stalled = raised.filter((alert) => alert.event === 'payment.stalled');
    expect(stalled.map((alert) => alert.data.transaction_reference).sort()).toEqual([...lost, dropped].sort());
    for (const stall of stalled.filter((alert) => lost.includes(String(alert.data.transaction_reference)))) expect(stall.data.reason).toBe('forwarder_silent');
    const gaps = raised.filter((alert) => alert.event === 'sms.gap_suspected');
    expect(gaps).toHaveLength(1);
    expect(gaps[0]?.data).toMatchObject({ gateway: 'bank', account: '**7781' });
    // Found once the account's next SMS shows the balance, and the SMS either side have had the settling time (10 min).
    expect(after(nextStatementAt, gaps[0]?.at ?? 0)).toBeGreaterThanOrEqual(10);
    expect(after(nextStatementAt, gaps[0]?.at ?? 0)).toBeLessThanOrEqual(12);
    console.log(
      `phone stopped 13:00: forwarder.silent after ${after(PHONE_STOPS, silence?.at ?? 0)} min; ` +
        `stalls after ${stalled.filter((alert) => lost.includes(String(alert.data.transaction_reference))).map((alert) => after(PHONE_STOPS, alert.at)).join(', ')} min; ` +
        `SMS dropped 16:13: sms.gap_suspected after ${after(DROPPED_SMS_AT, gaps[0]?.at ?? 0)} min (${after(nextStatementAt, gaps[0]?.at ?? 0)} min after the account's next SMS), its payment stalled after ${stalled
          .filter((alert) => alert.data.transaction_reference === dropped)
          .map((alert) => after(DROPPED_SMS_AT, alert.at))
          .join(', ')} min`,
    );
  }, 240_000);
});
