import { TestService, startTestService } from '@pvs/embedded/testing';

const KINDS =
  "expected a wallet's mobile number (03XXXXXXXXX, +923XXXXXXXXX or 923XXXXXXXXX), an IBAN (PK, 2 check digits, 4 letters, 16 digits), " +
  'a bank account number (6–20 digits) or a masked number showing its last 4 or more digits (****4567); a space or a dash may follow any character';

describe('receiving accounts, checked by kind wherever they are set', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService();
  });

  afterAll(() => service.close());

  const create = (receivingAccounts: unknown) => service.admin('POST', '/admin/tenants', { name: 'Multan Mangoes', receiving_accounts: receivingAccounts });

  it.each([
    ['four stars', { bank: ['****'] }, 'receiving_accounts.bank[0] "****" is not a receiving account: a masked number must show its last 4 or more digits after the mask (****4567); digits before the mask cannot be compared'],
    ['letters', { wallet_one: ['abc'] }, `receiving_accounts.wallet_one[0] "abc" is not a receiving account: ${KINDS}`],
    ['two digits, second in its list', { wallet_two: ['03001234567', '12'] }, `receiving_accounts.wallet_two[1] "12" is not a receiving account: ${KINDS}`],
    ['digits before a mask', { bank: ['0300*****67'] }, 'receiving_accounts.bank[0] "0300*****67" is not a receiving account: a masked number must show its last 4 or more digits after the mask (****4567); digits before the mask cannot be compared'],
    ['an IBAN with a mistyped digit', { bank: ['PK36SCBL0000001123456703'] }, 'receiving_accounts.bank[0] "PK36SCBL0000001123456703" is not a receiving account: its IBAN check digits do not agree with the rest (a digit mistyped?)'],
  ])('refuses a tenant whose receiving account is %s, naming it', async (_, receivingAccounts, message) => {
    const response = await create(receivingAccounts);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ success: false, message });
  });

  it('refuses lists that are not lists of text with 422, never a 500', async () => {
    for (const receivingAccounts of [{ bank: ['0'], wallet_one: {}, wallet_two: ['0'] }, { bank: [7] }, { bank: 'PK36SCBL0000001123456702' }]) {
      const response = await create(receivingAccounts);
      expect([receivingAccounts, response.status, response.body.success]).toEqual([receivingAccounts, 422, false]);
    }
  });

  it('creates a tenant with one account of every kind, as given', async () => {
    const accounts = { wallet_one: ['0344-4160241', '+92 300 1234567'], wallet_two: ['923001234567'], bank: ['PK36 SCBL 0000 0011 2345 6702', '0001-2233-4410', '****4410'] };
    const response = await create(accounts);
    expect(response.status).toBe(201);
    expect(response.body.data.receiving_accounts).toEqual(accounts);
  });

  it('refuses the same on an update, and keeps the accounts the tenant had', async () => {
    const tenant = await service.createTenant({ receiving_accounts: { bank: ['****4410'] } });
    const response = await service.admin('PATCH', `/admin/tenants/${tenant.id}`, { receiving_accounts: { bank: ['****4410', 'xx12'] } });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ success: false, message: expect.stringMatching(/^receiving_accounts\.bank\[1\] "xx12" is not a receiving account: a masked number must show its last 4/) });
    expect((await service.admin('GET', `/admin/tenants/${tenant.id}`)).body.data.receiving_accounts).toEqual({ bank: ['****4410'] });
  });
});
