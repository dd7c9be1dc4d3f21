// The row both database ceilings insert: a ~300-byte JSON document, about one payment event's data.
const ROW = JSON.stringify({
  paymentId: '0b7f4c1e-5d1a-4f7e-9c3a-2b8d6e4f1a90',
  tenantId: '6a1d2c3b-4e5f-4a7b-8c9d-0e1f2a3b4c5d',
  gateway: 'wallet_one',
  transactionReference: '718203945561',
  amountPaisa: 235000,
  senderSource: '03001234567',
  callbackUrl: 'https://shop.example/hooks/pay',
  registeredAt: '2026-11-26T14:22:10.000Z',
});

module.exports = { ROW };
