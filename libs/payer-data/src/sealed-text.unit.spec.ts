import fc from 'fast-check';
import { PayerSubject, isSealedText, subjectOf } from '@pvs/contracts';
import { newDataKey, openText, sealText } from './sealed-text';

const TENANT = '173a28ea-cb24-4695-83c5-7ff4c7eff317';
const subjects = fc.tuple(fc.constantFrom('sms', 'payment'), fc.uuid()).map(([kind, id]): PayerSubject => `${kind}/${id}` as const);

describe('sealed payer data', () => {
  it('opens to what was sealed, whatever the text, and names its subject', () => {
    fc.assert(
      fc.property(subjects, fc.string({ unit: 'grapheme', maxLength: 300 }), (subject, plaintext) => {
        const key = newDataKey();
        const sealed = sealText(key, TENANT, subject, plaintext);
        expect(isSealedText(sealed)).toBe(true);
        expect(subjectOf(sealed)).toBe(subject);
        expect(openText(key, TENANT, sealed)).toBe(plaintext);
      }),
    );
  });

  it('holds none of the text, plain or in base64, and differs each time it is sealed', () => {
    fc.assert(
      fc.property(subjects, fc.string({ unit: 'grapheme', minLength: 6, maxLength: 200 }), (subject, plaintext) => {
        const key = newDataKey();
        const sealed = sealText(key, TENANT, subject, plaintext);
        expect(sealed.includes(plaintext)).toBe(false);
        expect(sealed.includes(Buffer.from(plaintext).toString('base64').slice(0, 8))).toBe(false);
        expect(sealText(key, TENANT, subject, plaintext)).not.toBe(sealed);
      }),
    );
  });

  it('does not open under another key, for another tenant, moved to another subject, or with any byte changed', () => {
    fc.assert(
      fc.property(subjects, subjects, fc.string({ maxLength: 100 }), fc.nat(), (subject, other, plaintext, at) => {
        fc.pre(subject !== other);
        const key = newDataKey();
        const sealed = sealText(key, TENANT, subject, plaintext);
        expect(openText(newDataKey(), TENANT, sealed)).toBeNull();
        expect(openText(key, 'c0a80101-0000-4000-8000-000000000001', sealed)).toBeNull();
        expect(openText(key, TENANT, sealed.replace(subject, other) as typeof sealed)).toBeNull();
        const raw = Buffer.from(sealed.split(':')[2], 'base64');
        raw[at % raw.length] ^= 0x01;
        expect(openText(key, TENANT, `pd1:${subject}:${raw.toString('base64')}`)).toBeNull();
      }),
    );
  });

  it('tells a sealed text from anything else', () => {
    const sealed = sealText(newDataKey(), TENANT, `sms/${TENANT}`, 'Rs 500 received from ALI KHAN 03001234567');
    expect(isSealedText(sealed)).toBe(true);
    for (const other of ['Rs 500 received', 'pd1:sms/x:AAAA', `pd2:sms/${TENANT}:AAAA`, `pd1:tenant/${TENANT}:AAAA`, `pd1:sms/${TENANT}:not base64!`, null, 42, { sealed }]) {
      expect(isSealedText(other)).toBe(false);
    }
  });
});
