import { TestService, TestTenant, startTestService } from '@pvs/embedded/testing';

const PUBLIC_ONLY = 'webhooks go to public addresses only';

describe('webhook URLs that point into private networks (WEBHOOK_ALLOW_PRIVATE_NETWORKS=false)', () => {
  let service: TestService;
  let tenant: TestTenant;

  beforeAll(async () => {
    service = await startTestService({ webhookAllowPrivateNetworks: false });
    tenant = await service.createTenant({ webhook_url: 'https://merchant.example/hooks' });
  });

  afterAll(() => service.close());

  const setWebhookUrl = (url: string) => service.admin('PATCH', `/admin/tenants/${tenant.id}`, { webhook_url: url });

  it.each([
    ['http://127.1/', 'a loopback address (127.0.0.1)'],
    ['http://2130706433/', 'a loopback address (127.0.0.1)'],
    ['http://0177.0.0.1/', 'a loopback address (127.0.0.1)'],
    ['http://0x7f000001/', 'a loopback address (127.0.0.1)'],
    ['http://0x7f.1/', 'a loopback address (127.0.0.1)'],
    ['http://127.0.0.1:8080/hooks', 'a loopback address (127.0.0.1)'],
    ['http://[::1]/', 'a loopback address (::1)'],
    ['http://[::ffff:127.0.0.1]/', 'a loopback address (::ffff:7f00:1)'],
    ['http://0.0.0.0/', 'an unspecified address (0.0.0.0)'],
    ['http://0/', 'an unspecified address (0.0.0.0)'],
    ['http://[::]/', 'an unspecified address (::)'],
    ['http://169.254.169.254/latest/meta-data', 'a link-local address (169.254.169.254)'],
    ['http://[fe80::1]/', 'a link-local address (fe80::1)'],
    ['https://[64:ff9b::a9fe:a9fe]/', 'a link-local address (64:ff9b::a9fe:a9fe)'],
    ['http://10.0.0.1/', 'a private network address (10.0.0.1)'],
    ['http://192.168.1.10/', 'a private network address (192.168.1.10)'],
    ['http://172.16.0.1/', 'a private network address (172.16.0.1)'],
    ['http://172.31.255.254/', 'a private network address (172.31.255.254)'],
    ['http://[fd00::1]/', 'a private network address (unique local) (fd00::1)'],
    ['http://100.64.0.1/', 'a shared (carrier-grade NAT) address (100.64.0.1)'],
    ['http://localhost/', 'localhost (localhost)'],
    ['http://localhost./', 'localhost (localhost.)'],
    ['http://LOCALHOST:3000/', 'localhost (localhost)'],
    ['http://foo.localhost/', 'localhost (foo.localhost)'],
  ])('refuses %s: points to %s', async (url, destination) => {
    const response = await setWebhookUrl(url);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ success: false, message: `webhook_url points to ${destination}: ${PUBLIC_ONLY}` });
  });

  it('keeps the webhook_url it had after a refusal', async () => {
    await setWebhookUrl('http://10.0.0.1/');
    expect((await service.admin('GET', `/admin/tenants/${tenant.id}`)).body.data.webhook_url).toBe('https://merchant.example/hooks');
  });

  it.each(['https://merchant.example/hooks', 'http://8.8.8.8/x', 'http://172.32.0.1/', 'https://[2606:4700:4700::1111]/', 'https://localhost.example.com/', 'http://mylocalhost/'])(
    'accepts the public or DNS-named %s',
    async (url) => {
      const response = await setWebhookUrl(url);
      expect(response.status).toBe(200);
      expect(response.body.data.webhook_url).toBe(url);
    },
  );

  it('refuses a tenant created with a private webhook_url, and a payment with a private callback_url, with the same reason', async () => {
    const created = await service.admin('POST', '/admin/tenants', { name: 'Sialkot Sports', webhook_url: 'http://192.168.0.5/' });
    expect(created.body).toEqual({ success: false, message: `webhook_url points to a private network address (192.168.0.5): ${PUBLIC_ONLY}` });
    const payment = await service.request('POST', '/payments/verify', {
      headers: { 'x-api-key': tenant.apiKey },
      body: { gateway: 'bank', transaction_reference: 'CB1', amount: 10, callback_url: 'http://[::1]:8080/' },
    });
    expect(payment.status).toBe(422);
    expect(payment.body).toEqual({ success: false, message: `callback_url points to a loopback address (::1): ${PUBLIC_ONLY}` });
  });

  it('still calls a URL that is not http(s) what it is', async () => {
    expect((await setWebhookUrl('ftp://127.0.0.1/')).body).toEqual({ success: false, message: 'webhook_url must be an http(s) URL' });
  });
});

describe('webhook URLs in private networks, allowed (WEBHOOK_ALLOW_PRIVATE_NETWORKS=true)', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService({ webhookAllowPrivateNetworks: true });
  });

  afterAll(() => service.close());

  it.each(['http://127.1/', 'http://localhost./', 'http://[::1]:8080/hooks', 'http://10.0.0.1/'])('accepts %s', async (url) => {
    const response = await service.admin('POST', '/admin/tenants', { name: 'Local dev', webhook_url: url });
    expect(response.status).toBe(201);
    expect(response.body.data.webhook_url).toBe(url);
  });
});
