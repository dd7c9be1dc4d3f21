// Registers a payment, forwards the bank's SMS as the merchant's phone would, and waits for the verdict:
//   PVS_BASE_URL=http://127.0.0.1:3000/api/v1 PVS_API_KEY=pvs_… node examples/checkout.js 718203945561 2350
const { PaymentVerificationClient } = require('@pvs/client');

async function main([reference, amount] = process.argv.slice(2)) {
  const client = new PaymentVerificationClient({ baseUrl: process.env.PVS_BASE_URL, apiKey: process.env.PVS_API_KEY });
  const payment = await client.registerPayment({ gateway: 'wallet_one', transaction_reference: reference, amount: Number(amount) });
  await client.ingestSms({ sender: '8558', body: `Rs ${amount}.00 received in your JazzCash Mobile Account:03444160241 via Raast. TID: ${reference}` });
  const { status } = await client.waitForStatus(payment.uuid);
  console.log(status);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
