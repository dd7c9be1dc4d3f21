import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { WebhookVerificationError } from './errors';
import { verifyWebhook } from './webhooks';

// Signatures computed apart from this code (Python's hmac), for this body and secret; the secret is the one of the
// Standard Webhooks documentation's own example.
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const OLD_SECRET = 'whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=';
const BODY =
  '{"event":"payment.verified","id":"msg_p5jXN8AQM9LWM0D4loKWxJek","created_at":"2021-02-25T15:02:10.000Z","data":{"uuid":"0b6f1c9e-0000-4000-8000-000000000001","status":"verified"}}';
const SENT_AT = new Date(1_614_265_330_000);
const HEADERS = {
  'x-service-signature': '21c0fa75470a3693bfdb38e740294729f0b140804e5ca66a93ac6c7408a5c807',
  'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  'webhook-timestamp': '1614265330',
  'webhook-signature': 'v1,/hhFpnmmvdR08bKDEsdOgMMK9Px+cPfzbbMUrkI81Xk=',
};
const OLD_SIGNATURE = 'v1,Npg3PKYZXBmtUyBVe5Y5FXbzIbNGlmyC9rthiHn3nr8=';

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
  return 'verified';
};

describe('verifyWebhook', () => {
  it('returns the event of a webhook signed with the secret, from a string, bytes, a Buffer or fetch Headers', () => {
    const event = { event: 'payment.verified', id: 'msg_p5jXN8AQM9LWM0D4loKWxJek', data: { uuid: '0b6f1c9e-0000-4000-8000-000000000001', status: 'verified' } };
    expect(verifyWebhook(BODY, HEADERS, SECRET, { now: SENT_AT })).toMatchObject(event);
    expect(verifyWebhook(new TextEncoder().encode(BODY), HEADERS, SECRET, { now: SENT_AT })).toMatchObject(event);
    expect(verifyWebhook(Buffer.from(`xx${BODY}`).subarray(2), new Headers(HEADERS), SECRET, { now: SENT_AT })).toMatchObject(event);
    const asExpressGivesThem = { ...Object.fromEntries(Object.entries(HEADERS).map(([name, value]) => [name.toUpperCase(), [value]])) };
    expect(verifyWebhook(BODY, asExpressGivesThem, SECRET, { now: SENT_AT })).toMatchObject(event);
  });

  it('refuses a body changed by any one byte', () => {
    fc.assert(
      fc.property(fc.nat(BODY.length - 1), fc.integer({ min: 1, max: 255 }), (at, flip) => {
        const bytes = Buffer.from(BODY);
        bytes[at] ^= flip;
        expect(failure(() => verifyWebhook(bytes, HEADERS, SECRET, { now: SENT_AT }))).toBe('bad_signature');
      }),
    );
  });

  it('refuses a wrong secret, a missing or changed signature header, and a timestamp off by more than five minutes', () => {
    const verify = (headers: Record<string, string | undefined>, secret: string | string[] = SECRET, now = SENT_AT) => failure(() => verifyWebhook(BODY, headers, secret, { now }));
    expect(verify(HEADERS, OLD_SECRET)).toBe('bad_signature');
    expect(verify({ ...HEADERS, 'x-service-signature': undefined })).toBe('missing_signature');
    expect(verify({ ...HEADERS, 'webhook-signature': undefined })).toBe('missing_headers');
    expect(verify({ ...HEADERS, 'webhook-signature': OLD_SIGNATURE })).toBe('bad_signature');
    expect(verify({ ...HEADERS, 'webhook-signature': 'v2,/hhFpnmmvdR08bKDEsdOgMMK9Px+cPfzbbMUrkI81Xk=' })).toBe('bad_signature');
    // The timestamp is signed: another one is another signature.
    expect(verify({ ...HEADERS, 'webhook-timestamp': '1614265331' }, SECRET, new Date(1_614_265_331_000))).toBe('bad_signature');
    expect(verify(HEADERS, SECRET, new Date(SENT_AT.getTime() + 300_000))).toBe('verified');
    expect(verify(HEADERS, SECRET, new Date(SENT_AT.getTime() - 300_000))).toBe('verified');
    expect(verify(HEADERS, SECRET, new Date(SENT_AT.getTime() + 301_000))).toBe('timestamp_out_of_window');
    expect(verify(HEADERS, SECRET, new Date(SENT_AT.getTime() - 301_000))).toBe('timestamp_out_of_window');
    expect(verify({ ...HEADERS, 'webhook-timestamp': 'soon' })).toBe('timestamp_out_of_window');
    expect(failure(() => verifyWebhook(BODY, HEADERS, SECRET, { now: new Date(SENT_AT.getTime() + 3_600_000), toleranceSeconds: 3_600 }))).toBe('verified');
  });

  it('takes either signature of a rotation: both secrets, the new one signing X-Service-Signature', () => {
    const rotating = { ...HEADERS, 'webhook-signature': `${OLD_SIGNATURE} ${HEADERS['webhook-signature']}` };
    expect(failure(() => verifyWebhook(BODY, rotating, [SECRET, OLD_SECRET], { now: SENT_AT }))).toBe('verified');
    expect(failure(() => verifyWebhook(BODY, { ...HEADERS, 'webhook-signature': OLD_SIGNATURE }, [SECRET, OLD_SECRET], { now: SENT_AT }))).toBe('verified');
  });

  it('refuses a signed body that is no event of the service, and a webhook-id that is not its id', () => {
    // Signed here with the algorithm the vectors above pin down.
    const signed = (body: string, id = HEADERS['webhook-id']) => ({
      ...HEADERS,
      'webhook-id': id,
      'x-service-signature': createHmac('sha256', SECRET).update(body).digest('hex'),
      'webhook-signature': `v1,${createHmac('sha256', Buffer.from(SECRET.slice(6), 'base64')).update(`${id}.${HEADERS['webhook-timestamp']}.${body}`).digest('base64')}`,
    });
    expect(failure(() => verifyWebhook(BODY, signed(BODY), SECRET, { now: SENT_AT }))).toBe('verified');
    const id = HEADERS['webhook-id'];
    for (const body of [
      'not json',
      '[]',
      'null',
      '"payment.verified"',
      `{"event":"payment.verified","id":"${id}"}`,
      `{"event":"payment.verified","id":"${id}","data":null}`,
      `{"event":"payment.verified","id":"${id}","data":{}}`,
      `{"event":"payment.verified","id":"${id}","data":{"uuid":7}}`,
      `{"event":7,"id":"${id}","data":{"uuid":"u"}}`,
      `{"event":"payment.verified","id":7,"data":{"uuid":"u"}}`,
      `{"event":"payment.verified","id":"${id}","data":{"uuid":"u"}}`,
      `{"event":"payment.verified","id":"${id}","created_at":7,"data":{"uuid":"u"}}`,
    ]) {
      expect([body, failure(() => verifyWebhook(body, signed(body), SECRET, { now: SENT_AT }))]).toEqual([body, 'malformed_payload']);
    }
    expect(() => verifyWebhook('not json', signed('not json'), SECRET, { now: SENT_AT })).toThrow('The body is not JSON');
    expect(() => verifyWebhook('[]', signed('[]'), SECRET, { now: SENT_AT })).toThrow('The body is no webhook event of the service');
    expect(failure(() => verifyWebhook(BODY, signed(BODY, 'msg_other'), SECRET, { now: SENT_AT }))).toBe('malformed_payload');
    expect(failure(() => verifyWebhook(BODY, { ...HEADERS, 'webhook-id': 'msg_other' }, SECRET, { now: SENT_AT }))).toBe('bad_signature');
    expect(() => verifyWebhook(BODY, HEADERS, 'not-a-whsec-secret', { now: SENT_AT })).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(BODY, HEADERS, [], { now: SENT_AT })).toThrow(TypeError);
  });

  it('refuses a captured webhook replayed without the Standard Webhooks headers, with them empty, or late', () => {
    const captured = { 'x-service-signature': HEADERS['x-service-signature'] };
    const hoursLater = new Date(SENT_AT.getTime() + 3 * 3_600_000);
    expect(failure(() => verifyWebhook(BODY, captured, SECRET, { now: hoursLater }))).toBe('missing_headers');
    expect(failure(() => verifyWebhook(BODY, captured, SECRET, { now: SENT_AT }))).toBe('missing_headers');
    expect(failure(() => verifyWebhook(BODY, { ...captured, 'webhook-id': [], 'webhook-timestamp': [], 'webhook-signature': [] }, SECRET, { now: SENT_AT }))).toBe('missing_headers');
    expect(failure(() => verifyWebhook(BODY, { ...captured, 'webhook-id': '', 'webhook-timestamp': ' ', 'webhook-signature': [''] }, SECRET, { now: SENT_AT }))).toBe('missing_headers');
    expect(failure(() => verifyWebhook(BODY, new Headers({ ...captured, 'webhook-id': '', 'webhook-timestamp': '', 'webhook-signature': '' }), SECRET, { now: SENT_AT }))).toBe('missing_headers');
    expect(failure(() => verifyWebhook(BODY, HEADERS, SECRET, { now: hoursLater }))).toBe('timestamp_out_of_window');
    expect(() => verifyWebhook(BODY, captured, SECRET, { now: SENT_AT })).toThrow('Missing Standard Webhooks headers: webhook-id, webhook-timestamp, webhook-signature');
  });

  it('refuses a webhook lacking any Standard Webhooks header, however it lacks it and whenever it comes', () => {
    const lacking = fc.constantFrom(undefined, '', [], ['']);
    const names = ['webhook-id', 'webhook-timestamp', 'webhook-signature'];
    fc.assert(
      fc.property(fc.subarray(names, { minLength: 1 }), lacking, fc.integer({ min: -86_400, max: 86_400 }), (missing, absent, offsetSeconds) => {
        const headers = { ...HEADERS, ...Object.fromEntries(missing.map((name) => [name, absent])) };
        expect(failure(() => verifyWebhook(BODY, headers, SECRET, { now: new Date(SENT_AT.getTime() + offsetSeconds * 1_000) }))).toBe('missing_headers');
        expect(() => verifyWebhook(BODY, headers, SECRET, { now: SENT_AT })).toThrow(`Missing Standard Webhooks headers: ${missing.join(', ')}`);
      }),
    );
  });

  it('with serviceSignatureOnly, verifies X-Service-Signature alone and takes the body\'s created_at for the timestamp', () => {
    const captured = { 'x-service-signature': HEADERS['x-service-signature'] };
    const verify = (body: string, headers: Record<string, string | undefined>, offsetSeconds = 0, toleranceSeconds?: number) =>
      failure(() => verifyWebhook(body, headers, SECRET, { serviceSignatureOnly: true, now: new Date(SENT_AT.getTime() + offsetSeconds * 1_000), toleranceSeconds }));
    expect(verify(BODY, captured)).toBe('verified');
    expect(verifyWebhook(BODY, captured, SECRET, { serviceSignatureOnly: true, now: SENT_AT })).toMatchObject({ id: HEADERS['webhook-id'], created_at: '2021-02-25T15:02:10.000Z' });
    fc.assert(
      fc.property(fc.integer({ min: -86_400, max: 86_400 }), fc.constantFrom(undefined, 60, 300, 3_600), (offsetSeconds, tolerance) => {
        expect(verify(BODY, captured, offsetSeconds, tolerance)).toBe(Math.abs(offsetSeconds) <= (tolerance ?? 300) ? 'verified' : 'timestamp_out_of_window');
      }),
    );
    expect(() => verifyWebhook(BODY, captured, SECRET, { serviceSignatureOnly: true, now: new Date(SENT_AT.getTime() + 3_600_000) })).toThrow(
      'created_at is too far from now: a replay, or a clock that is off',
    );
    expect(verify(BODY, {})).toBe('missing_signature');
    expect(verify(BODY.replace('verified', 'verifieD'), captured)).toBe('bad_signature');
    const signedAlone = (body: string) => ({ 'x-service-signature': createHmac('sha256', SECRET).update(body).digest('hex') });
    const withCreatedAt = (createdAt: string) => BODY.replace('"2021-02-25T15:02:10.000Z"', createdAt);
    expect(verify(withCreatedAt('"soon"'), signedAlone(withCreatedAt('"soon"')))).toBe('timestamp_out_of_window');
    expect(verify(withCreatedAt('1614265330'), signedAlone(withCreatedAt('1614265330')))).toBe('malformed_payload');
    const numericId = '{"event":"payment.verified","id":7,"created_at":"2021-02-25T15:02:10.000Z","data":{"uuid":"u"}}';
    expect(verify(numericId, signedAlone(numericId))).toBe('malformed_payload');
  });

  it('reads the hex signature whatever its case and surrounding spaces; refuses one of another length or a timestamp with more than digits', () => {
    const verify = (headers: Record<string, string>) => failure(() => verifyWebhook(BODY, { ...HEADERS, ...headers }, SECRET, { now: SENT_AT }));
    expect(verify({ 'x-service-signature': ` ${HEADERS['x-service-signature'].toUpperCase()} ` })).toBe('verified');
    expect(verify({ 'x-service-signature': 'abc' })).toBe('bad_signature');
    expect(verify({ 'webhook-signature': 'v1,c2hvcnQ=' })).toBe('bad_signature');
    expect(verify({ 'webhook-timestamp': '1614265330abc' })).toBe('timestamp_out_of_window');
    expect(verify({ 'webhook-timestamp': 'x1614265330' })).toBe('timestamp_out_of_window');
    expect(verify({ 'webhook-timestamp': ' 1614265330' })).toBe('timestamp_out_of_window');
    expect(verify({ 'webhook-timestamp': '1614265330 ' })).toBe('timestamp_out_of_window');
  });

  it('says why in its message, and names its errors', () => {
    const message = (headers: Record<string, string | undefined>, body = BODY) => {
      try {
        verifyWebhook(body, headers, SECRET, { now: SENT_AT });
      } catch (error) {
        return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
      return 'verified';
    };
    expect(message({ ...HEADERS, 'x-service-signature': undefined })).toBe('WebhookVerificationError: No X-Service-Signature header');
    expect(message({ ...HEADERS, 'x-service-signature': 'ab' })).toBe('WebhookVerificationError: X-Service-Signature does not match the body');
    expect(message({ ...HEADERS, 'webhook-id': undefined })).toBe('WebhookVerificationError: Missing Standard Webhooks headers: webhook-id');
    expect(message({ ...HEADERS, 'webhook-timestamp': '1' })).toBe('WebhookVerificationError: webhook-timestamp is too far from now: a replay, or a clock that is off');
    expect(message({ ...HEADERS, 'webhook-signature': OLD_SIGNATURE })).toBe('WebhookVerificationError: webhook-signature does not match the body');
    expect(() => verifyWebhook(BODY, HEADERS, [])).toThrow(new TypeError('Give the webhook secret'));
  });

  it('refuses a secret that is not the whsec_ string the service gave, as a programming error', () => {
    for (const secret of ['MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'whsec_', 'whsec_not base64!']) {
      const headers = { ...HEADERS, 'x-service-signature': createHmac('sha256', secret).update(BODY).digest('hex') };
      expect(() => verifyWebhook(BODY, headers, secret, { now: SENT_AT })).toThrow(new TypeError('The webhook secret must be the whsec_… string the service gave you'));
    }
  });
});
