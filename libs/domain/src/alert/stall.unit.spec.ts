import { PAYMENT_STALLED, PaymentStalledData, StallEvidence } from '@pvs/contracts';
import { DeciderSpecification } from '../testing/decider-specification';
import { DEFAULT_STALL_LIMITS, STALL_HISTORY_NEEDED, isStalled, likelyStallReason, stallDecider, usualVerifyMs } from './stall';

const MINUTE = 60_000;
const NOTHING: StallEvidence = { rejectedSms: null, gapIds: [], silentForwarderIds: [] };

describe('usualVerifyMs', () => {
  const limits = { defaultMs: 30 * MINUTE, floorMs: 10 * MINUTE };

  it('takes the default until the tenant has enough verified payments of the gateway', () => {
    expect(usualVerifyMs(Array.from({ length: STALL_HISTORY_NEEDED - 1 }, () => 40 * MINUTE), limits)).toBe(30 * MINUTE);
    expect(usualVerifyMs(Array.from({ length: STALL_HISTORY_NEEDED }, () => 40 * MINUTE), limits)).toBe(40 * MINUTE);
  });

  it('is the 95th percentile of the history, whatever its order', () => {
    const history = Array.from({ length: 100 }, (_, index) => (index + 1) * MINUTE);
    expect(usualVerifyMs(history, limits)).toBe(95 * MINUTE);
    expect(usualVerifyMs([...history].reverse(), limits)).toBe(95 * MINUTE);
    expect(usualVerifyMs(Array.from({ length: 20 }, (_, index) => (index === 19 ? 500 : 12) * MINUTE), limits)).toBe(12 * MINUTE);
  });

  it('is never below the floor, nor is the default', () => {
    expect(usualVerifyMs(Array.from({ length: 50 }, () => MINUTE), limits)).toBe(10 * MINUTE);
    expect(usualVerifyMs([], { defaultMs: MINUTE, floorMs: 10 * MINUTE })).toBe(10 * MINUTE);
    expect(usualVerifyMs([])).toBe(DEFAULT_STALL_LIMITS.defaultMs);
    expect(DEFAULT_STALL_LIMITS).toEqual({ defaultMs: 30 * MINUTE, floorMs: 10 * MINUTE });
  });
});

describe('isStalled', () => {
  it('is pending for more than twice the usual time', () => {
    expect(isStalled(20 * MINUTE, 10 * MINUTE)).toBe(false);
    expect(isStalled(20 * MINUTE + 1, 10 * MINUTE)).toBe(true);
  });
});

describe('likelyStallReason', () => {
  const rejectedSms = { smsId: 's1', reason: 'untrusted_sender', readableNow: true };

  it('gives the most specific reason that holds: an SMS not read, then a gap, then a silent phone, then none', () => {
    expect(likelyStallReason({ rejectedSms, gapIds: ['g1'], silentForwarderIds: ['f1'] })).toBe('sms_rejected');
    expect(likelyStallReason({ ...NOTHING, gapIds: ['g1'], silentForwarderIds: ['f1'] })).toBe('gap_suspected');
    expect(likelyStallReason({ ...NOTHING, silentForwarderIds: ['f1'] })).toBe('forwarder_silent');
    expect(likelyStallReason(NOTHING)).toBe('none_known');
  });
});

describe('stallDecider', () => {
  const stall: PaymentStalledData = {
    paymentId: 'p1',
    tenantId: 't1',
    gateway: 'wallet_one',
    transactionReference: '123456789012',
    amountPaisa: 10_000,
    registeredAt: '2026-11-27T10:00:00.000Z',
    usualMs: 10 * MINUTE,
    reason: 'none_known',
    evidence: NOTHING,
    detectedAt: '2026-11-27T10:21:00.000Z',
  };

  it('records a stall once: the watch looking again changes nothing', () => {
    const given = DeciderSpecification.for(stallDecider);
    given([]).when(stall).then([{ type: PAYMENT_STALLED, data: stall }]);
    const stalled = stallDecider.evolve(null, { type: PAYMENT_STALLED, data: stall });
    expect(stalled).toEqual(stall);
    given([{ type: PAYMENT_STALLED, data: stall }])
      .when({ ...stall, reason: 'forwarder_silent', detectedAt: '2026-11-27T10:22:00.000Z' })
      .thenNothingHappened();
    expect(stallDecider.evolve(stalled, { type: PAYMENT_STALLED, data: { ...stall, reason: 'forwarder_silent' } })).toEqual(stall);
  });
});
