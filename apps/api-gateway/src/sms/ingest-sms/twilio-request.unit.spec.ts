import { formFields, isTwilioRequest, signedUrls } from './twilio-request';

const FORM = 'application/x-www-form-urlencoded';

describe("telling Twilio's webhook apart", () => {
  it.each<[string, Record<string, string>, unknown, boolean]>([
    ['a form with MessageSid', { 'content-type': FORM }, { MessageSid: 'SM1', From: '8558', Body: 'x' }, true],
    ['a form with AccountSid only, its charset named', { 'content-type': `${FORM}; charset=UTF-8` }, { AccountSid: 'AC1', From: '8558' }, true],
    ['a form without either', { 'content-type': FORM }, { From: '8558', Body: 'x' }, false],
    ['JSON with MessageSid', { 'content-type': 'application/json' }, { MessageSid: 'SM1', From: '8558', Body: 'x' }, false],
    ['JSON with the signature header', { 'content-type': 'application/json', 'x-twilio-signature': 'abc=' }, { sender: '8558', body: 'x' }, true],
    ['our own body', { 'content-type': 'application/json' }, { sender: '8558', body: 'x' }, false],
  ])('%s', (_, headers, body, expected) => {
    expect(isTwilioRequest({ headers, body })).toBe(expected);
  });

  it('reads the fields of a form only, each a string', () => {
    expect(formFields({ headers: { 'content-type': FORM }, body: { From: '8558', Body: '' } })).toEqual({ From: '8558', Body: '' });
    expect(formFields({ headers: { 'content-type': 'application/json' }, body: { From: '8558' } })).toBeNull();
    expect(formFields({ headers: { 'content-type': FORM }, body: { From: 8558 } })).toBeNull();
    expect(formFields({ headers: {}, body: undefined })).toBeNull();
  });
});

describe('the URLs Twilio may have signed', () => {
  const request = { protocol: 'https' as const, host: 'pay.example.pk', url: '/api/v1/sms/ingest?shop=7' };

  it("spells the request's own URL with and without the default port", () => {
    expect(signedUrls(request, null)).toEqual(['https://pay.example.pk/api/v1/sms/ingest?shop=7', 'https://pay.example.pk:443/api/v1/sms/ingest?shop=7']);
    expect(signedUrls({ ...request, protocol: 'http', host: 'pay.example.pk:80' }, null)).toEqual([
      'http://pay.example.pk/api/v1/sms/ingest?shop=7',
      'http://pay.example.pk:80/api/v1/sms/ingest?shop=7',
    ]);
  });

  it('keeps a port that is not the default as it is', () => {
    expect(signedUrls({ ...request, protocol: 'http', host: '127.0.0.1:3000' }, null)).toEqual(['http://127.0.0.1:3000/api/v1/sms/ingest?shop=7']);
  });

  it('starts from PUBLIC_BASE_URL when it is set, with the path a proxy adds', () => {
    expect(signedUrls({ ...request, protocol: 'http', host: '10.0.0.5:3000' }, 'https://example.pk/pvs')).toEqual([
      'https://example.pk/pvs/api/v1/sms/ingest?shop=7',
      'https://example.pk:443/pvs/api/v1/sms/ingest?shop=7',
    ]);
  });

  it('spells it with the Basic auth credentials of the URL too', () => {
    expect(signedUrls(request, null, { user: 'twilio', password: 'pvsgw_0123456789abcdef_s3cret' })).toEqual([
      'https://pay.example.pk/api/v1/sms/ingest?shop=7',
      'https://twilio:pvsgw_0123456789abcdef_s3cret@pay.example.pk/api/v1/sms/ingest?shop=7',
      'https://pay.example.pk:443/api/v1/sms/ingest?shop=7',
      'https://twilio:pvsgw_0123456789abcdef_s3cret@pay.example.pk:443/api/v1/sms/ingest?shop=7',
    ]);
  });

  it('has none for a forwarded host that makes no URL', () => {
    expect(signedUrls({ ...request, host: 'a b' }, null)).toEqual([]);
  });
});
