import fc from 'fast-check';
import { SMS_PARSED, SMS_REJECTED, SmsParse, SmsParsedData } from '@pvs/contracts';
import { SmsHourBucket } from '@pvs/read-model';
import { HourlyCounterChange, SmsPlace, hourOf, hourlyChanges, mergeHourlyChanges, placeOfParse } from './hourly-counters';

const parsed = (overrides: Partial<SmsParsedData>): SmsParse => ({
  type: SMS_PARSED,
  data: {
    smsId: 's', tenantId: 't', gateway: 'bank', tier: 'template', templateId: 'bank.hbl_raast', institution: 'HBL', reference: 'FT1', normalizedReference: 'FT1',
    amountPaisa: 100, payer: null, receivingAccount: null, balancePaisa: null, occurredAt: null, reparsed: false, ...overrides,
  },
});
const place = (bucket: SmsHourBucket | null, overrides: Partial<SmsPlace> = {}): SmsPlace => ({
  tenantId: 't', hour: '2026-03-10T10:00:00.000Z', institution: 'hbl', bucket, reason: bucket === 'rejected' ? 'unrecognized_template' : '', ...overrides,
});

describe('hourly SMS counters', () => {
  it('puts an SMS in the UTC hour it was recorded, its first and last millisecond included', () => {
    expect(hourOf('2026-03-10T10:00:00.000Z')).toBe('2026-03-10T10:00:00.000Z');
    expect(hourOf('2026-03-10T10:59:59.999Z')).toBe('2026-03-10T10:00:00.000Z');
    expect(hourOf('2026-03-10T15:30:00+05:00')).toBe('2026-03-10T10:00:00.000Z');
  });

  it('buckets a reading by its tier, a learned template apart, and a rejection by its reason', () => {
    expect(placeOfParse(parsed({}))).toEqual({ bucket: 'template', reason: '', institution: 'hbl' });
    expect(placeOfParse(parsed({ tier: 'extracted', templateId: null, institution: 'Meezan Bank' }))).toEqual({ bucket: 'extracted', reason: '', institution: 'meezan' });
    expect(placeOfParse(parsed({ templateId: 'learned.0123456789ab', institution: null }))).toEqual({ bucket: 'learned', reason: '', institution: null });
    // A name no longer known leaves the institution the sender id gave.
    expect(placeOfParse(parsed({ institution: 'Bank of Nowhere' })).institution).toBeNull();
    expect(placeOfParse({ type: SMS_REJECTED, data: { smsId: 's', tenantId: 't', reason: 'otp_or_promo' } })).toEqual({ bucket: 'rejected', reason: 'otp_or_promo', institution: null });
  });

  it('counts a first parse once, and moves a re-parse out of its old counter into the new one', () => {
    expect(hourlyChanges(place(null), place(null))).toEqual([]);
    expect(hourlyChanges(place(null), place('template'))).toEqual([{ tenantId: 't', hour: '2026-03-10T10:00:00.000Z', institution: 'hbl', bucket: 'template', reason: '', sms: 1 }]);
    expect(hourlyChanges(place('rejected', { institution: 'other' }), place('learned', { institution: 'meezan' }))).toEqual([
      { tenantId: 't', hour: '2026-03-10T10:00:00.000Z', institution: 'other', bucket: 'rejected', reason: 'unrecognized_template', sms: -1 },
      { tenantId: 't', hour: '2026-03-10T10:00:00.000Z', institution: 'meezan', bucket: 'learned', reason: '', sms: 1 },
    ]);
    expect(hourlyChanges(place('template'), place('template'))).toEqual([]);
  });

  it('merges a batch to one change per counter, whatever its order, and drops what cancels out', () => {
    const change = fc.record<HourlyCounterChange>({
      tenantId: fc.constantFrom('t1', 't2'),
      hour: fc.constantFrom('2026-03-10T10:00:00.000Z', '2026-03-10T11:00:00.000Z'),
      institution: fc.constantFrom('hbl', 'other'),
      bucket: fc.constantFrom('template', 'rejected'),
      reason: fc.constantFrom('', 'otp_or_promo'),
      sms: fc.constantFrom(-1, 1),
    });
    const key = (c: HourlyCounterChange) => `${c.tenantId}|${c.hour}|${c.institution}|${c.bucket}|${c.reason}`;
    const totals = (changes: readonly HourlyCounterChange[]) => {
      const sums = new Map<string, number>();
      for (const c of changes) sums.set(key(c), (sums.get(key(c)) ?? 0) + c.sms);
      return new Map([...sums].filter(([, sms]) => sms !== 0));
    };
    fc.assert(
      fc.property(fc.array(change, { maxLength: 30 }), (changes) => {
        const merged = mergeHourlyChanges(changes);
        expect(new Set(merged.map(key)).size).toBe(merged.length);
        expect(merged.every((c) => c.sms !== 0)).toBe(true);
        expect(totals(merged)).toEqual(totals(changes));
        expect(totals(mergeHourlyChanges([...changes].reverse()))).toEqual(totals(changes));
      }),
    );
  });
});
