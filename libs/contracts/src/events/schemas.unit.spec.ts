import { EVENT_SCHEMAS, currentVersion, upcast } from './schemas';

describe('event versions and upcasting', () => {
  it('records SmsParsed and SmsReceived at version 2, TenantRegistered at 6, every other type at 1, and an unknown type at 1', () => {
    const later = Object.entries(EVENT_SCHEMAS).filter(([, schema]) => schema.version > 1).map(([type, schema]) => [type, schema.version]);
    expect(later.sort()).toEqual([['SmsParsed', 2], ['SmsReceived', 2], ['TenantRegistered', 6]]);
    expect(currentVersion('PaymentVerified')).toBe(1);
    expect(currentVersion('SomethingElse')).toBe(1);
  });

  it('has one upcaster for each version before the current one', () => {
    for (const schema of Object.values(EVENT_SCHEMAS)) expect(schema.upcasters).toHaveLength(schema.version - 1);
  });

  it.each([
    ['a reading of version 1: a template reading, no institution', { amountPaisa: 100 }, undefined, { amountPaisa: 100, tier: 'template', institution: null }],
    ['version 1 stated explicitly', { amountPaisa: 100 }, 1, { amountPaisa: 100, tier: 'template', institution: null }],
    ['a version 1 event that already had the fields keeps them', { tier: 'extracted', institution: 'hbl' }, undefined, { tier: 'extracted', institution: 'hbl' }],
    ['version 2 is current: left as stored', { amountPaisa: 100 }, 2, { amountPaisa: 100 }],
  ])('SmsParsed: %s', (_case, data, version, expected) => {
    expect(upcast('SmsParsed', version, data)).toEqual(expected);
  });

  it('gives a tenant of version 1 no receiving accounts, the balance check `record`, the `standard` verification policy, no alert webhooks, no Raast QR and payer data kept 180 days', () => {
    const defaults = { receivingAccounts: null, balanceCheck: 'record', verificationPolicy: 'standard', alertWebhooks: [], raastQr: null, payerDataRetentionDays: 180 };
    expect(upcast('TenantRegistered', undefined, { name: 'Shop' })).toEqual({ name: 'Shop', ...defaults });
    expect(upcast('TenantRegistered', undefined, { receivingAccounts: { bank: ['1'] }, balanceCheck: 'review' })).toEqual({
      receivingAccounts: { bank: ['1'] },
      balanceCheck: 'review',
      verificationPolicy: 'standard',
      alertWebhooks: [],
      raastQr: null,
      payerDataRetentionDays: 180,
    });
  });

  it.each([
    ['version 2: the `standard` verification policy, no alert webhooks, no Raast QR', { name: 'Shop', balanceCheck: 'review' }, 2, { name: 'Shop', balanceCheck: 'review', verificationPolicy: 'standard', alertWebhooks: [], raastQr: null, payerDataRetentionDays: 180 }],
    ['version 3: no alert webhooks, no Raast QR', { name: 'Shop', verificationPolicy: 'strict' }, 3, { name: 'Shop', verificationPolicy: 'strict', alertWebhooks: [], raastQr: null, payerDataRetentionDays: 180 }],
    ['version 3 with the field already: kept', { alertWebhooks: ['payment.stalled'] }, 3, { alertWebhooks: ['payment.stalled'], raastQr: null, payerDataRetentionDays: 180 }],
    ['version 4: no Raast QR', { name: 'Shop', alertWebhooks: [] }, 4, { name: 'Shop', alertWebhooks: [], raastQr: null, payerDataRetentionDays: 180 }],
    ['version 4 with the field already: kept', { raastQr: '000201' }, 4, { raastQr: '000201', payerDataRetentionDays: 180 }],
    ['version 5: payer data kept 180 days', { name: 'Shop' }, 5, { name: 'Shop', payerDataRetentionDays: 180 }],
    ['version 5 with the field already: kept', { payerDataRetentionDays: 30 }, 5, { payerDataRetentionDays: 30 }],
    ['version 6 is current: left as stored', { name: 'Shop', verificationPolicy: 'strict' }, 6, { name: 'Shop', verificationPolicy: 'strict' }],
  ])('TenantRegistered: %s', (_case, data, version, expected) => {
    expect(upcast('TenantRegistered', version, data)).toEqual(expected);
  });

  it('gives an SMS of version 1 no forwarder, and leaves version 2 as stored', () => {
    expect(upcast('SmsReceived', undefined, { smsId: 's1', source: 'native' })).toEqual({ smsId: 's1', source: 'native', forwarderId: null });
    expect(upcast('SmsReceived', 1, { smsId: 's1', forwarderId: 'f1' })).toEqual({ smsId: 's1', forwarderId: 'f1' });
    expect(upcast('SmsReceived', 2, { smsId: 's1' })).toEqual({ smsId: 's1' });
  });

  it('leaves what is not a JSON object, and the types without older versions, as stored', () => {
    expect(upcast('SmsParsed', 1, 'text')).toBe('text');
    expect(upcast('SmsParsed', 1, null)).toBeNull();
    expect(upcast('SmsParsed', 1, [1])).toEqual([1]);
    const data = { paymentId: 'p' };
    expect(upcast('PaymentVerified', undefined, data)).toBe(data);
    expect(upcast('Unknown', undefined, data)).toBe(data);
  });
});
