import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { ReturnVerificationError, verifyReturn, type ReturnInput } from './returns';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const OLD_SECRET = 'whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=';
const PAYMENT = '0b6f1c9e-0000-4000-8000-000000000001';
const LINK = '5d3c2a1b-0000-4000-8000-00000000000a';
const EXPIRES = 1_614_265_930;
const NOW = new Date((EXPIRES - 600) * 1_000);
// Computed apart from this code (Python's hmac) over `v1.PAYMENT.verified.4500.00.LINK.EXPIRES`, with each secret.
const SIGNATURE = '4946a5a260fd0c592bb199cac9321d906f458a9bb1374d8dc68ba3906c8eb8e8';
const OLD_SIGNATURE = '7cf15509a9deab028caddf92afaa5536497701f9840fd596e9c28ecfa61acab3';

type Name = 'pvs_payment' | 'pvs_status' | 'pvs_amount' | 'pvs_link' | 'pvs_expires' | 'pvs_signature';
type Parameters = Record<Name, string>;
const NAMES: readonly Name[] = ['pvs_payment', 'pvs_status', 'pvs_amount', 'pvs_link', 'pvs_expires', 'pvs_signature'];
const SIGNED = { pvs_payment: PAYMENT, pvs_status: 'verified', pvs_amount: '4500.00', pvs_link: LINK, pvs_expires: String(EXPIRES) };

/** The reference signer: the algorithm as the service documents it, written apart from the code under test. */
function sign(values: Omit<Parameters, 'pvs_signature'>, secret = SECRET): Parameters {
  const message = `v1.${values.pvs_payment}.${values.pvs_status}.${values.pvs_amount}.${values.pvs_link}.${values.pvs_expires}`;
  return { ...values, pvs_signature: createHmac('sha256', secret).update(message, 'utf8').digest('hex') };
}

const GOOD = sign(SIGNED);
const EXPECTED = { paymentId: PAYMENT, status: 'verified', amount: 4500, linkId: LINK, expiresAt: new Date(EXPIRES * 1_000) };

type Form = 'url string' | 'URL' | 'path string' | 'URLSearchParams' | 'query object';
const FORMS: readonly Form[] = ['url string', 'URL', 'path string', 'URLSearchParams', 'query object'];

/** The return as each caller may hold it, from its query's entries (a name given twice is a list in a query object). */
function asInput(entries: readonly (readonly [string, string])[], form: Form, base = 'https://shop.example.pk/thanks?order=42'): ReturnInput {
  const url = new URL(base);
  for (const [name, value] of entries) url.searchParams.append(name, value);
  switch (form) {
    case 'url string':
      return url.toString();
    case 'URL':
      return url;
    case 'path string':
      return `${url.pathname}${url.search}`;
    case 'URLSearchParams':
      return new URLSearchParams(entries.map(([name, value]): [string, string] => [name, value]));
    case 'query object': {
      const query: Record<string, string | string[]> = {};
      for (const [name, value] of entries) {
        const present = query[name];
        query[name] = present === undefined ? value : [...(Array.isArray(present) ? present : [present]), value];
      }
      return query;
    }
  }
}

const entriesOf = (parameters: Partial<Parameters>) => Object.entries(parameters).flatMap(([name, value]) => (value === undefined ? [] : [[name, value] as const]));

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ReturnVerificationError) return error.reason;
    throw error;
  }
  return 'verified';
};

describe('verifyReturn', () => {
  it('signs as the independently computed vectors say (the reference signer is right)', () => {
    expect(GOOD.pvs_signature).toBe(SIGNATURE);
    expect(sign(SIGNED, OLD_SECRET).pvs_signature).toBe(OLD_SIGNATURE);
  });

  it('returns the result of a good return, in every form it may be given', () => {
    for (const form of FORMS) {
      expect([form, verifyReturn(asInput(entriesOf(GOOD), form), SECRET, { now: NOW })]).toEqual([form, EXPECTED]);
    }
    expect(verifyReturn({ ...GOOD, other: ['a', 'b'], empty: undefined }, SECRET, { now: NOW.getTime() })).toEqual(EXPECTED);
  });

  it("ignores the return URL's own query, whatever it holds, before or after the result", () => {
    const own = fc.array(
      fc.tuple(
        fc.string().filter((name) => !name.startsWith('pvs_')),
        fc.string(),
      ),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(own, own, fc.constantFrom<Form>('url string', 'URL', 'path string'), (before, after, form) => {
        const input = asInput([...entriesOf(GOOD), ...after], form, `https://shop.example.pk/thanks?${new URLSearchParams(before).toString()}#done`);
        expect(verifyReturn(input, SECRET, { now: NOW })).toEqual(EXPECTED);
      }),
    );
  });

  it('takes a result signed with any secret of a rotation, and refuses one signed with a secret not given', () => {
    expect(verifyReturn(sign(SIGNED, OLD_SECRET), [SECRET, OLD_SECRET], { now: NOW })).toEqual(EXPECTED);
    expect(verifyReturn(GOOD, [SECRET, OLD_SECRET], { now: NOW })).toEqual(EXPECTED);
    expect(failure(() => verifyReturn(sign(SIGNED, OLD_SECRET), [SECRET], { now: NOW }))).toBe('signature_mismatch');
    const secret = fc.string({ minLength: 1 }).map((tail) => `whsec_${tail}`);
    fc.assert(
      fc.property(fc.array(secret.filter((other) => other !== SECRET), { maxLength: 4 }), fc.nat(), (others, at) => {
        const withIt = [...others.slice(0, at % (others.length + 1)), SECRET, ...others.slice(at % (others.length + 1))];
        expect(failure(() => verifyReturn(GOOD, withIt, { now: NOW }))).toBe('verified');
        if (others.length > 0) expect(failure(() => verifyReturn(GOOD, others, { now: NOW }))).toBe('signature_mismatch');
      }),
    );
  });

  it('refuses a wrong secret, even one that differs from the right one by a character or its prefix', () => {
    for (const wrong of [OLD_SECRET, `${SECRET}x`, SECRET.slice(0, -1), SECRET.toUpperCase().replace('WHSEC_', 'whsec_')]) {
      expect([wrong, failure(() => verifyReturn(GOOD, wrong, { now: NOW }))]).toEqual([wrong, 'signature_mismatch']);
    }
    // Keyed with the base64 part alone (as the Standard Webhooks key is), it is someone else's signature.
    const keyedWithoutPrefix = sign(SIGNED, SECRET.slice('whsec_'.length));
    expect(failure(() => verifyReturn(keyedWithoutPrefix, SECRET, { now: NOW }))).toBe('signature_mismatch');
  });

  // What each parameter may be changed into: another value of its shape, one of another shape.
  const uuid = fc.uuid().filter((value) => /^[0-9a-f-]{36}$/.test(value));
  const OTHER_VALUE: Record<Name, fc.Arbitrary<string>> = {
    pvs_payment: uuid,
    pvs_status: fc.constantFrom('verified', 'manual_review', 'failed', 'pending'),
    pvs_amount: fc.tuple(fc.nat(10_000_000), fc.nat(99)).map(([rupees, paisa]) => `${rupees}.${String(paisa).padStart(2, '0')}`),
    pvs_link: uuid,
    pvs_expires: fc.integer({ min: EXPIRES, max: 99_999_999_999 }).map(String),
    pvs_signature: fc.stringMatching(/^[0-9a-f]{64}$/),
  };
  const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
  const MALFORMED_EXAMPLES: Record<Name, readonly string[]> = {
    pvs_payment: [PAYMENT.toUpperCase(), `${PAYMENT.replaceAll('-', '')}----`, `${PAYMENT} `, PAYMENT.replaceAll('-', ''), `{${PAYMENT}}`, PAYMENT.slice(1)],
    pvs_status: ['VERIFIED', 'unmatched', 'processing', 'verified ', 'verified,failed'],
    pvs_amount: ['4500', '4500.0', '4500.000', '-4500.00', '+4500.00', ' 4500.00', '4,500.00', '4500.00\n', '.00', '45e2.00', '٤٥٠٠.٠٠'],
    pvs_link: [LINK.toUpperCase(), `-${LINK.slice(0, 8)}${LINK.slice(9)}`, LINK.slice(1), `${LINK}0`],
    pvs_expires: ['1614265930.5', '-1', '1e12', '0x60376b4a', ' 1614265930', '1614265930 ', '1234567890123'],
    // A signature is not parsed: one of another shape simply does not match.
    pvs_signature: [SIGNATURE.toUpperCase(), SIGNATURE.slice(1), `${SIGNATURE}0`, ` ${SIGNATURE}`, Buffer.from(SIGNATURE, 'hex').toString('base64')],
  };
  const SHAPE: Record<Name, (value: string) => boolean> = {
    pvs_payment: isUuid,
    pvs_status: (value) => ['verified', 'manual_review', 'failed', 'pending'].includes(value),
    pvs_amount: (value) => /^\d+\.\d{2}$/.test(value),
    pvs_link: isUuid,
    pvs_expires: (value) => /^\d{1,12}$/.test(value),
    pvs_signature: (value) => value === SIGNATURE,
  };
  const MALFORMED = (name: Name) => fc.oneof(fc.constantFrom(...MALFORMED_EXAMPLES[name]), fc.string({ minLength: 1 }).filter((value) => !SHAPE[name](value)));
  const malformedReason = (name: Name) => (name === 'pvs_signature' ? 'signature_mismatch' : 'malformed');

  it('refuses each parameter of another shape, in every form', () => {
    for (const name of NAMES) {
      for (const value of MALFORMED_EXAMPLES[name]) {
        for (const form of FORMS) {
          const entries = NAMES.map((each) => [each, each === name ? value : GOOD[each]] as const);
          expect([name, value, form, failure(() => verifyReturn(asInput(entries, form), SECRET, { now: NOW }))]).toEqual([name, value, form, malformedReason(name)]);
        }
      }
    }
  });

  it('refuses a return with any one parameter changed, removed, emptied or repeated, in every form', () => {
    const change = fc.constantFrom(...NAMES).chain((name) =>
      fc.oneof(
        OTHER_VALUE[name].filter((value) => value !== GOOD[name]).map((value) => ({ name, value, kind: 'other value' as const })),
        MALFORMED(name).map((value) => ({ name, value, kind: 'malformed' as const })),
        fc.constant({ name, value: '', kind: 'removed' as const }),
        fc.constant({ name, value: '', kind: 'emptied' as const }),
        fc.oneof(fc.constant(GOOD[name]), OTHER_VALUE[name]).map((value) => ({ name, value, kind: 'repeated' as const })),
      ),
    );
    fc.assert(
      fc.property(change, fc.constantFrom(...FORMS), ({ name, value, kind }, form) => {
        const entries = NAMES.flatMap((each): (readonly [string, string])[] => {
          if (each !== name) return [[each, GOOD[each]]];
          if (kind === 'removed') return [];
          if (kind === 'repeated') return [[each, GOOD[each]], [each, value]];
          return [[each, value]];
        });
        const expected = {
          'other value': 'signature_mismatch',
          malformed: malformedReason(name),
          removed: 'missing_parameter',
          emptied: 'missing_parameter',
          repeated: 'malformed',
        }[kind];
        expect(failure(() => verifyReturn(asInput(entries, form), SECRET, { now: NOW }))).toBe(expected);
      }),
    );
  });

  it('takes a good signature over any well-shaped result (the shapes refuse nothing the service signs)', () => {
    const result = fc.record({
      pvs_payment: OTHER_VALUE.pvs_payment,
      pvs_status: OTHER_VALUE.pvs_status,
      pvs_amount: OTHER_VALUE.pvs_amount,
      pvs_link: OTHER_VALUE.pvs_link,
      pvs_expires: OTHER_VALUE.pvs_expires,
    });
    fc.assert(
      fc.property(result, fc.constantFrom(...FORMS), (values, form) => {
        expect(verifyReturn(asInput(entriesOf(sign(values)), form), SECRET, { now: NOW })).toEqual({
          paymentId: values.pvs_payment,
          status: values.pvs_status,
          amount: Number(values.pvs_amount),
          linkId: values.pvs_link,
          expiresAt: new Date(Number(values.pvs_expires) * 1_000),
        });
      }),
    );
  });

  it('refuses a result once now is past pvs_expires, and only then', () => {
    const at = (milliseconds: number) => failure(() => verifyReturn(GOOD, SECRET, { now: milliseconds }));
    expect(at(EXPIRES * 1_000)).toBe('verified');
    expect(at(EXPIRES * 1_000 + 1)).toBe('expired');
    expect(failure(() => verifyReturn(GOOD, SECRET, { now: new Date((EXPIRES + 3_600) * 1_000) }))).toBe('expired');
    fc.assert(
      fc.property(fc.integer({ min: -86_400_000, max: 86_400_000 }), (offset) => {
        expect(at(EXPIRES * 1_000 + offset)).toBe(offset > 0 ? 'expired' : 'verified');
      }),
    );
    // Without options it checks against the clock: this result expired in 2021.
    expect(failure(() => verifyReturn(GOOD, SECRET))).toBe('expired');
    const farFuture = sign({ ...SIGNED, pvs_expires: String(Math.floor(Date.now() / 1_000) + 600) });
    expect(failure(() => verifyReturn(farFuture, SECRET))).toBe('verified');
    // An expired result with a later pvs_expires written in is a forgery, not a late one.
    expect(failure(() => verifyReturn({ ...GOOD, pvs_expires: String(EXPIRES + 3_600) }, SECRET, { now: (EXPIRES + 60) * 1_000 }))).toBe('signature_mismatch');
    expect(failure(() => verifyReturn(sign({ ...SIGNED, pvs_expires: '0' }), SECRET, { now: NOW }))).toBe('expired');
  });

  it('refuses a query value given as a list, even of one, or as anything but a string', () => {
    const verify = (value: unknown, name: Name = 'pvs_status') => failure(() => verifyReturn({ ...GOOD, [name]: value }, SECRET, { now: NOW }));
    expect(verify([GOOD.pvs_status])).toBe('malformed');
    // Lists of one that a careless reader would take for their one string.
    expect(verify([GOOD.pvs_amount], 'pvs_amount')).toBe('malformed');
    expect(verify([GOOD.pvs_expires], 'pvs_expires')).toBe('malformed');
    expect(verify([GOOD.pvs_status, GOOD.pvs_status])).toBe('malformed');
    expect(verify(['failed', GOOD.pvs_status])).toBe('malformed');
    expect(verify([])).toBe('missing_parameter');
    expect(verify(undefined)).toBe('missing_parameter');
    // Express's qs reads `pvs_status[a]=verified` as an object.
    expect(verify({ a: 'verified' })).toBe('malformed');
    expect(verify(4500, 'pvs_amount')).toBe('malformed');
    // Inherited properties are no parameters.
    const inherited: Record<string, unknown> = Object.create({ pvs_status: 'verified' });
    const { pvs_status: _status, ...withoutStatus } = GOOD;
    Object.assign(inherited, withoutStatus);
    expect(failure(() => verifyReturn(inherited, SECRET, { now: NOW }))).toBe('missing_parameter');
  });

  it('refuses a return URL that is no URL, and one without the result', () => {
    expect(failure(() => verifyReturn('http://[', SECRET, { now: NOW }))).toBe('malformed');
    expect(failure(() => verifyReturn('https://shop.example.pk/thanks?order=42', SECRET, { now: NOW }))).toBe('missing_parameter');
    expect(failure(() => verifyReturn({}, SECRET, { now: NOW }))).toBe('missing_parameter');
  });

  it('says why in its message, and names its error', () => {
    const message = (input: ReturnInput, now: number | Date = NOW) => {
      try {
        verifyReturn(input, SECRET, { now });
      } catch (error) {
        return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
      return 'verified';
    };
    expect(message({ ...GOOD, pvs_link: undefined })).toBe('ReturnVerificationError: No pvs_link parameter');
    expect(message({ ...GOOD, pvs_amount: ['1.00', '2.00'] })).toBe('ReturnVerificationError: pvs_amount is given more than once');
    expect(message({ ...GOOD, pvs_amount: '4500' })).toBe('ReturnVerificationError: pvs_amount is not an amount with two decimals');
    expect(message({ ...GOOD, pvs_status: 'done' })).toBe('ReturnVerificationError: pvs_status is not one of verified, manual_review, failed, pending');
    expect(message({ ...GOOD, pvs_payment: 'x' })).toBe('ReturnVerificationError: pvs_payment is not a UUID');
    expect(message({ ...GOOD, pvs_expires: 'x' })).toBe('ReturnVerificationError: pvs_expires is not Unix seconds');
    expect(message({ ...GOOD, pvs_signature: OLD_SIGNATURE })).toBe('ReturnVerificationError: pvs_signature does not match the result');
    expect(message(GOOD, (EXPIRES + 1) * 1_000)).toBe('ReturnVerificationError: The result is past pvs_expires: a replay, or a clock that is off');
    const error = (() => {
      try {
        verifyReturn({}, SECRET);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ReturnVerificationError);
  });

  it('refuses, as a programming error, an empty secret list, a secret that is not a whsec_ string, and an invalid now', () => {
    expect(() => verifyReturn(GOOD, [], { now: NOW })).toThrow(new TypeError('Give the webhook secret'));
    for (const secret of ['', 'whsec_', SECRET.slice('whsec_'.length)]) {
      // Signed with that very secret: it is refused for being no secret of the service, not for its signature.
      const signed = sign(SIGNED, secret);
      expect(() => verifyReturn(signed, secret, { now: NOW })).toThrow(new TypeError('The webhook secret must be the whsec_… string the service gave you'));
      expect(() => verifyReturn(signed, [SECRET, secret], { now: NOW })).toThrow(TypeError);
    }
    expect(() => verifyReturn(GOOD, SECRET, { now: new Date(Number.NaN) })).toThrow(new TypeError('options.now must be a valid time'));
    expect(() => verifyReturn(GOOD, SECRET, { now: Number.POSITIVE_INFINITY })).toThrow(TypeError);
  });
});
