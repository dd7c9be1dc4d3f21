import { createHmac, randomBytes } from 'node:crypto';
import { tenantStream } from '@pvs/contracts';
import { ServiceUnderTest, TestResponse, TestService, TestTenant, onEachDatabase, recordedSms, serviceOn, startTestService } from '@pvs/embedded/testing';
import { EVENT_STORE, EventStore } from '@pvs/event-store';
import { eventually, jazzCashCredit, randomTransactionId, waitUntil } from '@pvs/testing';

const WALLET_ONE = '8558';
const FORM = 'application/x-www-form-urlencoded';
const TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
const CREDENTIAL_REFUSED = { success: false, message: 'Missing or invalid API key, gateway secret or forwarder key' };
const SIGNATURE_MISSING = { success: false, message: 'Missing X-Twilio-Signature: this tenant has a Twilio auth token, so its Twilio SMS must be signed' };
const SIGNATURE_WRONG = {
  success: false,
  message: "Invalid X-Twilio-Signature: not Twilio's signature of this URL and body under the tenant's Twilio auth token (check the token, and the URL Twilio is given)",
};
const credit = (reference: string, amount = '640.00') => jazzCashCredit({ reference, amount });
const authToken = () => randomBytes(16).toString('hex');

/** Twilio's fields for one inbound SMS, in the order it posts them (not sorted by name). */
function twilioFields(body: string): Record<string, string> {
  const sid = `SM${randomBytes(16).toString('hex')}`;
  return {
    ToCountry: 'US',
    ToState: 'NY',
    SmsMessageSid: sid,
    NumMedia: '0',
    ToCity: '',
    FromZip: '',
    SmsSid: sid,
    FromState: '',
    SmsStatus: 'received',
    FromCity: '',
    Body: body,
    FromCountry: 'PK',
    To: '+15550001111',
    MessagingServiceSid: 'MG0123456789abcdef0123456789abcdef',
    ToZip: '',
    NumSegments: '1',
    MessageSid: sid,
    AccountSid: 'AC0123456789abcdef0123456789abcdef',
    From: WALLET_ONE,
    ApiVersion: '2010-04-01',
  };
}

/** X-Twilio-Signature written out here as Twilio's documentation states it, apart from the service's code. */
function signatureOf(token: string, url: string, fields: Record<string, string>): string {
  const names = Object.keys(fields).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return createHmac('sha1', token)
    .update(url + names.map((name) => `${name}${fields[name]}`).join(''), 'utf8')
    .digest('base64');
}

const basic = (secret: string) => `Basic ${Buffer.from(`twilio:${secret}`).toString('base64')}`;

interface TwilioPost {
  readonly path?: string;
  readonly signature?: string;
  readonly credential?: string;
  readonly headers?: Record<string, string>;
}

/** Posts the fields as Twilio does: a form, the gateway secret as the Basic auth password of the URL. */
function postAsTwilio(service: TestService, tenant: TestTenant, fields: Record<string, string>, { path = '/sms/ingest', signature, credential, headers = {} }: TwilioPost = {}) {
  return service.request('POST', path, {
    rawBody: new URLSearchParams(fields).toString(),
    headers: {
      'content-type': FORM,
      authorization: basic(credential ?? tenant.gatewaySecret),
      ...(signature === undefined ? {} : { 'x-twilio-signature': signature }),
      ...headers,
    },
  });
}

function expectTwiml(response: TestResponse): void {
  expect({ status: response.status, type: response.headers.get('content-type'), body: response.body }).toEqual({ status: 200, type: 'text/xml; charset=utf-8', body: TWIML });
}

function expectJsonError(response: TestResponse, status: number, body: unknown): void {
  expect({ status: response.status, type: response.headers.get('content-type'), body: response.body }).toEqual({ status, type: expect.stringMatching(/^application\/json/), body });
}

async function smsBodies(service: TestService, tenant: TestTenant): Promise<string[]> {
  return (await recordedSms(service, tenant.id)).map(({ text }) => text ?? '');
}

function twilioSuite(backend: string, start: () => Promise<ServiceUnderTest>) {
  describe(`Twilio's inbound SMS webhook on ${backend}`, () => {
    let service: TestService;
    let dispose: () => Promise<void>;

    beforeAll(async () => ({ service, dispose } = await start()));
    afterAll(() => dispose());

    const ingestUrl = (path = '/sms/ingest') => `${service.baseUrl}${path}`;
    const setToken = (tenant: TestTenant, token: string) => service.admin('PUT', `/admin/tenants/${tenant.id}/twilio-auth-token`, { auth_token: token });

    it('answers empty TwiML to a credit, a non-payment and a repeat, and records each as any SMS', async () => {
      const shop = await service.createTenant({ name: 'Twilio TwiML' });
      const reference = randomTransactionId();
      const { uuid } = (await service.request('POST', '/payments/verify', { body: { gateway: 'wallet_one', transaction_reference: reference, amount: 640 }, headers: { 'x-api-key': shop.apiKey } })).body.data;

      const paid = twilioFields(credit(reference));
      expectTwiml(await postAsTwilio(service, shop, paid));
      await waitUntil(async () => (await service.request('GET', `/payments/status/${uuid}`, { headers: { 'x-api-key': shop.apiKey } })).body.data.status === 'verified');

      expectTwiml(await postAsTwilio(service, shop, twilioFields('Your OTP is 482913. Do not share it with anyone.')));
      const rejected = await eventually(
        async () => (await service.admin('GET', `/admin/sms?state=rejected&tenant_id=${shop.id}`)).body.data,
        (rows: unknown[]) => rows.length === 1,
      );
      expect(rejected).toEqual([expect.objectContaining({ source: 'twilio', sender: WALLET_ONE, rejection_reason: 'otp_or_promo' })]);

      expectTwiml(await postAsTwilio(service, shop, { ...paid, MessageSid: `SM${randomBytes(16).toString('hex')}` }));
      expect((await smsBodies(service, shop)).filter((data) => data.includes(reference))).toHaveLength(1);
      expect((await service.request('GET', `/payments/status/${uuid}`, { headers: { 'x-api-key': shop.apiKey } })).body.data.status).toBe('verified');
    });

    it('keeps a missing or wrong credential a 401 in JSON, asking for Basic auth, and a malformed Twilio body a 422 in JSON', async () => {
      const shop = await service.createTenant({ name: 'Twilio Refusals' });
      const fields = twilioFields(credit(randomTransactionId()));
      // Twilio posts first without the credentials of its URL, and sends them when the answer asks for them.
      const first = await service.request('POST', '/sms/ingest', { rawBody: new URLSearchParams(fields).toString(), headers: { 'content-type': FORM } });
      expectJsonError(first, 401, CREDENTIAL_REFUSED);
      expect(first.headers.get('www-authenticate')).toBe('Basic realm="sms-ingest", charset="UTF-8"');
      const wrong = await postAsTwilio(service, shop, fields, { credential: `${shop.gatewaySecret.slice(0, -1)}x` });
      expectJsonError(wrong, 401, CREDENTIAL_REFUSED);
      expect(wrong.headers.get('www-authenticate')).toBe('Basic realm="sms-ingest", charset="UTF-8"');

      const { Body: _body, ...withoutBody } = fields;
      expectJsonError(await postAsTwilio(service, shop, withoutBody), 422, {
        success: false,
        message: 'Unrecognized request body: send {sender, body, received_at} or the webhook of a supported SMS forwarder',
      });
      expectJsonError(await postAsTwilio(service, shop, { ...fields, Body: ' ' }), 422, { success: false, message: 'Body must be a non-empty string' });
      expect(await smsBodies(service, shop)).toEqual([]);
    });

    it("checks X-Twilio-Signature once the tenant has given its Twilio auth token, and no more once it is removed", async () => {
      const shop = await service.createTenant({ name: 'Twilio Signatures' });
      const token = authToken();
      const given = await setToken(shop, token);
      expect(given.status).toBe(200);
      expect(given.body.data).toMatchObject({ id: shop.id, twilio_signature_check: true });

      const fields = twilioFields(credit(randomTransactionId()));
      expectTwiml(await postAsTwilio(service, shop, fields, { signature: signatureOf(token, ingestUrl(), fields) }));

      const withQuery = twilioFields(credit(randomTransactionId()));
      const queried = '/sms/ingest?shop=karachi&number=%2B15550001111';
      expectTwiml(await postAsTwilio(service, shop, withQuery, { path: queried, signature: signatureOf(token, ingestUrl(queried), withQuery) }));
      expectJsonError(await postAsTwilio(service, shop, withQuery, { path: queried, signature: signatureOf(token, ingestUrl(), withQuery) }), 403, SIGNATURE_WRONG);

      // The URL Twilio was given carries the gateway secret: a signature of it, credentials and all, is Twilio's too.
      const withCredentials = twilioFields(credit(randomTransactionId()));
      const urlWithCredentials = ingestUrl().replace('://', `://twilio:${shop.gatewaySecret}@`);
      expectTwiml(await postAsTwilio(service, shop, withCredentials, { signature: signatureOf(token, urlWithCredentials, withCredentials) }));

      const reference = randomTransactionId();
      const original = twilioFields(credit(reference, '100.00'));
      const tampered = { ...original, Body: credit(reference, '100000.00') };
      const refusals: [string, Record<string, string>, string | undefined, unknown][] = [
        ['a signature under another token', original, signatureOf(authToken(), ingestUrl(), original), SIGNATURE_WRONG],
        ['no signature', original, undefined, SIGNATURE_MISSING],
        ['a field changed after signing', tampered, signatureOf(token, ingestUrl(), original), SIGNATURE_WRONG],
        ['a field added after signing', { ...original, Extra: '1' }, signatureOf(token, ingestUrl(), original), SIGNATURE_WRONG],
      ];
      for (const [, sent, signature, body] of refusals) expectJsonError(await postAsTwilio(service, shop, sent, { signature }), 403, body);
      expect((await smsBodies(service, shop)).some((data) => data.includes(reference))).toBe(false);

      // The credential is checked first; the tenant's other forwarders are not Twilio, and need no signature.
      expectJsonError(await postAsTwilio(service, shop, original, { credential: authToken(), signature: signatureOf(token, ingestUrl(), original) }), 401, CREDENTIAL_REFUSED);
      const ownBody = await service.request('POST', '/sms/ingest', { body: { sender: WALLET_ONE, body: credit(randomTransactionId()) }, headers: { 'x-gateway-secret': shop.gatewaySecret } });
      expect(ownBody.status).toBe(200);
      expect(ownBody.body).toMatchObject({ status: 'unmatched' });
      expectJsonError(
        await service.request('POST', '/sms/ingest', { body: { sender: WALLET_ONE, body: credit(randomTransactionId()) }, headers: { 'x-gateway-secret': shop.gatewaySecret, 'x-twilio-signature': 'c2lnbmVk' } }),
        403,
        { success: false, message: "X-Twilio-Signature is checked on Twilio's form-encoded SMS webhook only" },
      );

      const removed = await service.admin('DELETE', `/admin/tenants/${shop.id}/twilio-auth-token`);
      expect(removed.body.data).toMatchObject({ id: shop.id, twilio_signature_check: false });
      expect((await service.admin('DELETE', `/admin/tenants/${shop.id}/twilio-auth-token`)).body.data.twilio_signature_check).toBe(false);
      expectTwiml(await postAsTwilio(service, shop, twilioFields(credit(randomTransactionId())), { signature: 'bm90IGNoZWNrZWQ=' }));
      expectTwiml(await postAsTwilio(service, shop, twilioFields(credit(randomTransactionId()))));
    });

    it('keeps the auth token out of every answer and of the events, where it is sealed', async () => {
      const shop = await service.createTenant({ name: 'Twilio Secrets' });
      const token = authToken();
      const answers = [await setToken(shop, token), await service.admin('GET', `/admin/tenants/${shop.id}`), await service.admin('GET', '/admin/tenants')];
      answers.push(await service.admin('GET', `/admin/streams/${tenantStream(shop.id)}`), await setToken(shop, `${token.slice(1)}g`));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 422]);
      expect(answers[4].body).toEqual({ success: false, message: "auth_token must be the Twilio account's Auth Token: 32 hexadecimal characters" });
      for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain(token);

      const events = await service.app.get<EventStore>(EVENT_STORE).readStream(tenantStream(shop.id));
      const set = events.find((event) => event.type === 'TenantTwilioAuthTokenSet');
      expect(set?.data).toEqual({ tenantId: shop.id, authToken: { ciphertext: expect.stringMatching(/^v2:[0-9a-f]{16}:/) }, setAt: expect.any(String) });
      expect(JSON.stringify(events)).not.toContain(token);
      expect(JSON.stringify(events)).not.toContain(Buffer.from(token).toString('base64'));

      expect((await service.admin('PUT', '/admin/tenants/00000000-0000-4000-8000-000000000000/twilio-auth-token', { auth_token: token })).status).toBe(404);
      expect((await service.request('PUT', `/admin/tenants/${shop.id}/twilio-auth-token`, { body: { auth_token: token } })).status).toBe(401);
    });
  });
}

onEachDatabase((backend, open) => twilioSuite(backend, () => serviceOn(open)));

describe('the URL Twilio signed, behind a reverse proxy', () => {
  const fields = () => twilioFields(credit(randomTransactionId()));

  async function withService(options: { publicBaseUrl?: string; trustProxy?: boolean }, check: (service: TestService, shop: TestTenant, token: string) => Promise<void>) {
    const service = await startTestService(options);
    try {
      const shop = await service.createTenant({ name: 'Behind a proxy' });
      const token = authToken();
      await service.admin('PUT', `/admin/tenants/${shop.id}/twilio-auth-token`, { auth_token: token });
      await check(service, shop, token);
    } finally {
      await service.close();
    }
  }

  it('is PUBLIC_BASE_URL and the path, when it is set', () =>
    withService({ publicBaseUrl: 'https://pay.example.pk/pvs' }, async (service, shop, token) => {
      const sent = fields();
      expectTwiml(await postAsTwilio(service, shop, sent, { signature: signatureOf(token, 'https://pay.example.pk/pvs/api/v1/sms/ingest', sent) }));
      expectJsonError(await postAsTwilio(service, shop, sent, { signature: signatureOf(token, `${service.baseUrl}/sms/ingest`, sent) }), 403, SIGNATURE_WRONG);
    }));

  it("is the forwarded scheme and host, when TRUST_PROXY believes them, with or without the default port", () =>
    withService({ trustProxy: true }, async (service, shop, token) => {
      const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'pay.example.pk' };
      for (const url of ['https://pay.example.pk/api/v1/sms/ingest', 'https://pay.example.pk:443/api/v1/sms/ingest']) {
        const sent = fields();
        expectTwiml(await postAsTwilio(service, shop, sent, { headers: forwarded, signature: signatureOf(token, url, sent) }));
      }
      const sent = fields();
      expectJsonError(await postAsTwilio(service, shop, sent, { headers: forwarded, signature: signatureOf(token, `${service.baseUrl}/sms/ingest`, sent) }), 403, SIGNATURE_WRONG);
    }));
});
