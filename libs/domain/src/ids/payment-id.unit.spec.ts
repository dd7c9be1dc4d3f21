import { paymentIdFor } from './payment-id';

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
