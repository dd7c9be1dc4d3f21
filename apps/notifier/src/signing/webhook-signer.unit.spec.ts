import { createHmac, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { signWebhook } from './webhook-signer';

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const now = () => Math.floor(Date.now() / 1000);
const body = JSON.stringify({ event: 'payment.verified', payment_id: 'pi_1', amount: 150_000 });

describe('signWebhook', () => {
  it('is verified by the standardwebhooks library with the current secret', () => {
    const current = newSecret();
    const headers = signWebhook('evt_01J9Z8', now(), body, { current });
    expect(new Webhook(current).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(headers['webhook-signature'].split(' ')).toHaveLength(1);
    expect(headers['webhook-id']).toBe('evt_01J9Z8');
  });

  it('signs with both secrets during a rotation overlap, current first', () => {
    const current = newSecret();
    const previous = newSecret();
    const timestamp = now();
    const headers = signWebhook('evt_1', timestamp, body, { current, previous });
    const signedBy = (secret: string) => new Webhook(secret).sign('evt_1', new Date(timestamp * 1000), body);
    expect(headers['webhook-signature']).toBe(`${signedBy(current)} ${signedBy(previous)}`);
    expect(new Webhook(current).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSecret()).verify(body, { ...headers })).toThrow();
    expect(signWebhook('evt_1', now(), body, { current, previous: null })['webhook-signature'].split(' ')).toHaveLength(1);
  });

  it('fails verification when the body, id or timestamp is altered', () => {
    const current = newSecret();
    const timestamp = now();
    const headers = signWebhook('evt_1', timestamp, body, { current });
    const webhook = new Webhook(current);
    expect(() => webhook.verify(body.replace('150000', '150001'), { ...headers })).toThrow();
    expect(() => webhook.verify(body, { ...headers, 'webhook-timestamp': String(timestamp + 1) })).toThrow();
    expect(() => webhook.verify(body, { ...headers, 'webhook-id': 'evt_2' })).toThrow();
  });

  it('puts the hex HMAC of the raw body, keyed with the whole secret string, in X-Service-Signature', () => {
    const current = newSecret();
    const headers = signWebhook('evt_1', now(), body, { current, previous: newSecret() });
    expect(headers['x-service-signature']).toBe(createHmac('sha256', current).update(body).digest('hex'));
    expect(headers['x-service-signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('signs the UTF-8 bytes of the body exactly, Urdu and emoji included', () => {
    const current = newSecret();
    const unicode = JSON.stringify({ note: 'ادائیگی کی تصدیق ہو گئی ✅', payer: 'علی 🙂' });
    const headers = signWebhook('evt_ur', now(), unicode, { current });
    expect(new Webhook(current).verify(Buffer.from(unicode, 'utf8'), { ...headers })).toEqual(JSON.parse(unicode));
    expect(headers['x-service-signature']).toBe(createHmac('sha256', current).update(Buffer.from(unicode, 'utf8')).digest('hex'));
    expect(() => new Webhook(current).verify(unicode.replace('🙂', '🙃'), { ...headers })).toThrow();
  });

  it('uses the given timestamp and matches the library byte for byte', () => {
    const current = newSecret();
    const headers = signWebhook('evt_1', 1_700_000_000, body, { current });
    expect(headers['webhook-timestamp']).toBe('1700000000');
    expect(headers['webhook-signature']).toBe(new Webhook(current).sign('evt_1', new Date(1_700_000_000_000), body));
  });

  it('refuses ids with a dot, timestamps that are not whole seconds, and malformed secrets', () => {
    const current = newSecret();
    expect(() => signWebhook('evt.1', now(), body, { current })).toThrow(/'\.'/);
    expect(() => signWebhook('', now(), body, { current })).toThrow();
    expect(() => signWebhook('evt_1', 1.5, body, { current })).toThrow('A webhook timestamp must be whole Unix seconds, not 1.5');
    expect(() => signWebhook('evt_1', -1, body, { current })).toThrow('not -1');
    expect(() => signWebhook('evt_1', Number.MAX_SAFE_INTEGER + 1, body, { current })).toThrow('whole Unix seconds');
    expect(signWebhook('evt_1', 0, body, { current })['webhook-timestamp']).toBe('0');
    expect(() => signWebhook('evt_1', now(), body, { current: current.slice(6) })).toThrow(/whsec_/);
    expect(() => signWebhook('evt_1', now(), body, { current: 'whsec_not*base64' })).toThrow(/whsec_/);
    expect(() => signWebhook('evt_1', now(), body, { current, previous: 'whsec_' })).toThrow(/whsec_/);
  });
});
