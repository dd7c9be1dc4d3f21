import { createHmac, timingSafeEqual } from 'node:crypto';

/** The POST fields of a form-encoded request, by name. */
export type FormFields = Readonly<Record<string, string>>;

/**
 * X-Twilio-Signature as Twilio computes it (twilio.com/docs/usage/security): HMAC-SHA1, keyed with the account's auth
 * token, of the full URL it called followed by each POST field's name and value, sorted by name, with no separator;
 * in base64.
 */
export function twilioSignature(authToken: string, url: string, fields: FormFields): string {
  const signed = Object.keys(fields)
    .sort()
    .reduce((text, name) => text + name + fields[name], url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/**
 * Whether `presented` is Twilio's signature of the fields for one of the spellings of the URL it may have signed,
 * compared in constant time: every spelling is computed and compared, whichever matches.
 */
export function isTwilioSignature(presented: string, authToken: string, urls: readonly string[], fields: FormFields): boolean {
  const given = Buffer.from(presented, 'utf8');
  let matches = false;
  for (const url of urls) {
    const expected = Buffer.from(twilioSignature(authToken, url, fields), 'utf8');
    const same = given.length === expected.length && timingSafeEqual(given, expected);
    matches = matches || same;
  }
  return matches;
}
