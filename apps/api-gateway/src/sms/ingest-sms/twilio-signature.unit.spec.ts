import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { FormFields, isTwilioSignature, twilioSignature } from './twilio-signature';

/** Twilio's recipe spelled out step by step, apart from the code under test: the fields sorted by name, then name and value appended to the URL. */
function documentedSignature(authToken: string, url: string, fields: FormFields): string {
  const names = Object.keys(fields);
  const sorted = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let data = url;
  for (const name of sorted) data = data.concat(name, fields[name]);
  return createHmac('sha1', Buffer.from(authToken, 'utf8')).update(Buffer.from(data, 'utf8')).digest().toString('base64');
}

describe("Twilio's request signature", () => {
  // Published vectors: the SMS request of twilio-ruby's request validator spec (spec/util/request_validator_spec.rb), and the
  // example of Twilio's security documentation with a query string, as its helper libraries' tests repeat it.
  it.each<[string, string, string, FormFields, string]>([
    [
      'an SMS webhook (twilio-ruby)',
      '2bd9e9638872de601313dc77410d3b23',
      'http://twiliotests.heroku.com/validate/sms',
      {
        ToState: 'CA',
        FromState: 'CA',
        AccountSid: 'ACba8bc05eacf94afdae398e642c9cc32d',
        SmsMessageSid: 'SM2003cbd5e6a3701999aa3e5f20ff2787',
        Body: 'Orly',
        From: '+14159354345',
        FromCity: 'SAN FRANCISCO',
        SmsStatus: 'received',
        FromZip: '94107',
        FromCountry: 'US',
        To: '+14158141819',
        ToCity: 'SAN FRANCISCO',
        ToZip: '94105',
        ToCountry: 'US',
        ApiVersion: '2010-04-01',
        SmsSid: 'SM2003cbd5e6a3701999aa3e5f20ff2787',
      },
      'mxeiv65lEe0b8L6LdVw2jgJi8yw=',
    ],
    [
      'a URL with a query string (the documentation)',
      '12345',
      'https://mycompany.com/myapp.php?foo=1&bar=2',
      { To: '+18005551212', From: '+14158675309', Digits: '1234', CallSid: 'CA1234567890ABCDE', Caller: '+14158675309' },
      'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
    ],
  ])('reproduces the published vector of %s, whatever the order of the fields', (_, authToken, url, fields, signature) => {
    expect(twilioSignature(authToken, url, fields)).toBe(signature);
    expect(isTwilioSignature(signature, authToken, [url], fields)).toBe(true);
    expect(twilioSignature(authToken, url, Object.fromEntries(Object.entries(fields).reverse()))).toBe(signature);
  });

  const token = fc.stringMatching(/^[0-9a-f]{32}$/);
  const url = fc.webUrl({ withQueryParameters: true });
  const fields = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.string({ maxLength: 40 }), { maxKeys: 12 });

  it('is the recipe Twilio documents, for any token, URL and fields', () => {
    fc.assert(
      fc.property(token, url, fields, (authToken, webUrl, form) => {
        expect(twilioSignature(authToken, webUrl, form)).toBe(documentedSignature(authToken, webUrl, form));
      }),
    );
  });

  it('matches whichever of the URLs Twilio signed', () => {
    fc.assert(
      fc.property(token, fc.uniqueArray(url, { minLength: 2, maxLength: 4 }), fields, fc.nat(), (authToken, urls, form, pick) => {
        const signed = urls[pick % urls.length];
        expect(isTwilioSignature(documentedSignature(authToken, signed, form), authToken, urls, form)).toBe(true);
      }),
    );
  });

  it('refuses a changed field, an added field, another URL, another token, and what is no signature at all', () => {
    fc.assert(
      fc.property(token, token, url, fields.filter((form) => Object.keys(form).length > 0), fc.nat(), (authToken, otherToken, webUrl, form, pick) => {
        const signature = documentedSignature(authToken, webUrl, form);
        const name = Object.keys(form)[pick % Object.keys(form).length];
        fc.pre(!Object.hasOwn(form, `${name}x`));
        expect(isTwilioSignature(signature, authToken, [webUrl], { ...form, [name]: `${form[name]}x` })).toBe(false);
        expect(isTwilioSignature(signature, authToken, [webUrl], { ...form, [`${name}x`]: '' })).toBe(false);
        expect(isTwilioSignature(signature, authToken, [`${webUrl}x`], form)).toBe(false);
        fc.pre(otherToken !== authToken);
        expect(isTwilioSignature(signature, otherToken, [webUrl], form)).toBe(false);
      }),
    );
    for (const garbage of ['', 'x', `${twilioSignature('12345', 'https://a.example/', {})}=`, 'mxeiv65lEe0b8L6LdVw2jgJi8yw']) {
      expect(isTwilioSignature(garbage, '12345', ['https://a.example/'], {})).toBe(false);
    }
    expect(isTwilioSignature(twilioSignature('12345', 'https://a.example/', {}), '12345', [], {})).toBe(false);
  });
});
