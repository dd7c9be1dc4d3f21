import { forwarderIdFor, paymentIdFor, smsIdFor } from './payment-id';

describe('paymentIdFor', () => {
  it('gives one stable version-5 UUID per tenant, gateway and reference', () => {
    const id = paymentIdFor('b3c1a1d2-0000-4000-8000-000000000001', 'wallet_one', 'TID123');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(paymentIdFor('b3c1a1d2-0000-4000-8000-000000000001', 'wallet_one', 'TID123')).toBe(id);
    // Pinned: a change here would give references registered earlier a second payment.
    expect(id).toBe('16bb12f6-6a36-58dc-bcbf-a637889931b2');
  });

  it('differs when any part differs', () => {
    const base = paymentIdFor('t1', 'bank', 'R1');
    expect(new Set([base, paymentIdFor('t2', 'bank', 'R1'), paymentIdFor('t1', 'wallet_two', 'R1'), paymentIdFor('t1', 'bank', 'R2')]).size).toBe(4);
  });
});

describe('smsIdFor', () => {
  it('gives one stable version-5 UUID per tenant, sender and body', () => {
    const id = smsIdFor('b3c1a1d2-0000-4000-8000-000000000001', '8558', 'Rs 100 received. TID 1');
    // Pinned: a change here would let an SMS forwarded again be recorded twice.
    expect(id).toBe('05a67e85-ccfa-54a6-a4f4-08ca7d403cd1');
    expect(smsIdFor('t1', '8558', 'آپ کو 500 روپے موصول ہوئے')).toBe('823ee80f-ac9c-5816-8f5b-0fe7e32ee10f');
  });

  it('differs when any part differs, and from the payment id of the same text', () => {
    const base = smsIdFor('t1', '8558', 'body');
    expect(new Set([base, smsIdFor('t2', '8558', 'body'), smsIdFor('t1', '3737', 'body'), smsIdFor('t1', '8558', 'body!'), paymentIdFor('t1', 'bank', 'body')]).size).toBe(5);
  });
});

describe('forwarderIdFor', () => {
  it('gives one stable version-5 UUID per tenant, app and device', () => {
    const id = forwarderIdFor('b3c1a1d2-0000-4000-8000-000000000001', 'sms_gateway_app', 'ZXhhbXBsZQ');
    // Pinned: a change here would give a phone that already forwards a second forwarder.
    expect(id).toBe('dc0d4430-84c9-5d91-a39a-2b5efcb74685');
    expect(forwarderIdFor('b3c1a1d2-0000-4000-8000-000000000001', 'sms_gateway_app', 'ZXhhbXBsZQ')).toBe(id);
    // A phone named by its merchant, and an app's one unnamed phone, pinned too.
    expect(forwarderIdFor('b3c1a1d2-0000-4000-8000-000000000001', null, 'counter')).toBe('19841a69-ff77-5e66-aa17-b5c208c0d400');
    expect(forwarderIdFor('b3c1a1d2-0000-4000-8000-000000000001', 'httpsms', null)).toBe('16175094-a560-5e0d-bfa9-115bc161fad2');
  });

  it('differs when any part differs; a header-named phone is one whatever app posts', () => {
    const ids = [
      forwarderIdFor('t1', 'httpsms', '+923001234567'),
      forwarderIdFor('t2', 'httpsms', '+923001234567'),
      forwarderIdFor('t1', 'twilio', '+923001234567'),
      forwarderIdFor('t1', 'httpsms', '+923001234568'),
      forwarderIdFor('t1', 'httpsms', null),
      forwarderIdFor('t1', 'native', null),
      forwarderIdFor('t1', null, '+923001234567'),
      forwarderIdFor('t1', null, 'header'),
      smsIdFor('t1', 'httpsms', '+923001234567'),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });
});
