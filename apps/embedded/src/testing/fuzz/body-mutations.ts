import fc from 'fast-check';

/** A request body as bytes on the wire, with the content type it is sent as (none when undefined). */
export interface WireBody {
  readonly bytes: Buffer | undefined;
  readonly contentType: string | undefined;
  /** Which mutation made it ("valid" for none): the report counts requests by it. */
  readonly mutation: string;
}

const JSON_TYPE = 'application/json';
const json = (value: unknown, mutation: string): WireBody => ({ bytes: Buffer.from(JSON.stringify(value)), contentType: JSON_TYPE, mutation });
const raw = (text: string | Buffer, mutation: string, contentType: string | undefined = JSON_TYPE): WireBody => ({
  bytes: Buffer.isBuffer(text) ? text : Buffer.from(text),
  contentType,
  mutation,
});

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A key of the body to change, or a new one when it has none. */
const keyOf = (body: unknown) => (isObject(body) && Object.keys(body).length > 0 ? fc.constantFrom(...Object.keys(body)) : fc.constant('amount'));

const nesting = fc.tuple(fc.integer({ min: 33, max: 5_000 }), fc.boolean()).map(([levels, arrays]) =>
  arrays ? `${'['.repeat(levels)}${']'.repeat(levels)}` : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`,
);
/** Numbers as JSON writes them, the awkward ones: exponents, past a double's range, more decimals than paisa. */
const numberTexts = fc.constantFrom('1e-7', '5e-7', '0.0000001', '1E2', '1e21', '1E400', '-1E400', '-0', '0.1e1', '100.000000000000000001', '9007199254740993', '5e-324', '-1', '0', '1.005', '99999999.999');
const hiddenCharacters = fc.constantFrom('\\u0000', '\\u202e', '\\u200b', '\\ufeff', '\\u0085', '\\u2028', '\\ud800', '\\udfff', '\\u0007', '\\u2066');
const invalidUtf8 = fc.constantFrom([0xff], [0xc3, 0x28], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xf8, 0x88, 0x80, 0x80, 0x80]);
const otherTypes = fc.constantFrom<unknown>('', 'x', 0, -1, 1.5, true, false, [], {}, [1, 'a'], { a: 1 }, null);
const wrongContentTypes = fc.constantFrom<string | undefined>(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  'application/jsonx',
  undefined,
);
const otherShapes = fc.constantFrom('[]', '"x"', '1', 'null', 'true', '', '{', '{"a":1,}', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', '\ufeff{}');

/** The body's JSON text with the value of `key` replaced by `valueText` (added when missing). */
function withRawValue(body: unknown, key: string, valueText: string): string {
  const marker = '__pvs_fuzz_marker__';
  const base = isObject(body) ? { ...body, [key]: marker } : { [key]: marker };
  return JSON.stringify(base).replace(`"${marker}"`, valueText);
}

/** The body's JSON text with `insert` put inside its first string value (or a new string field). */
function insideFirstString(body: unknown, insert: string | Buffer): Buffer {
  const text = JSON.stringify(isObject(body) ? { ...body, note: 'text' } : { note: 'text' });
  const at = text.indexOf(':"') + 2;
  const pieces = [Buffer.from(text.slice(0, at)), Buffer.isBuffer(insert) ? insert : Buffer.from(insert), Buffer.from(text.slice(at))];
  return Buffer.concat(pieces);
}

/** A schema-valid body sent as it is, or changed the ways a careless client or an attacker would. */
export function wireBodies(valid: unknown): fc.Arbitrary<WireBody> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(json(valid, 'valid')) },
    { weight: 1, arbitrary: fc.tuple(keyOf(valid), nesting).map(([key, deep]) => raw(withRawValue(valid, key, deep), 'deep nesting')) },
    { weight: 2, arbitrary: fc.tuple(keyOf(valid), numberTexts).map(([key, number]) => raw(withRawValue(valid, key, number), 'awkward number')) },
    { weight: 2, arbitrary: hiddenCharacters.map((hidden) => raw(insideFirstString(valid, hidden), 'hidden character')) },
    { weight: 1, arbitrary: invalidUtf8.map((bytes) => raw(insideFirstString(valid, Buffer.from(bytes)), 'invalid UTF-8')) },
    {
      weight: 1,
      arbitrary: fc.tuple(keyOf(valid), otherTypes).map(([key, other]) => {
        const text = JSON.stringify(isObject(valid) ? valid : {});
        return raw(`${text.slice(0, -1)}${text.length > 2 ? ',' : ''}${JSON.stringify(key)}:${JSON.stringify(other)}}`, 'duplicate key');
      }),
    },
    { weight: 2, arbitrary: fc.tuple(keyOf(valid), otherTypes).map(([key, other]) => json(isObject(valid) ? { ...valid, [key]: other } : { [key]: other }, 'wrong type')) },
    {
      weight: 1,
      arbitrary: keyOf(valid).map((key) => {
        const { [key]: _dropped, ...rest } = isObject(valid) ? valid : {};
        return json(rest, 'missing field');
      }),
    },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }).map((key) => json(isObject(valid) ? { ...valid, [key]: 1 } : { [key]: 1 }, 'unknown field')) },
    { weight: 1, arbitrary: otherShapes.map((text) => raw(text, 'not an object')) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 200 }).map((cut) => raw(JSON.stringify(valid ?? {}).slice(0, cut), 'truncated')) },
    { weight: 1, arbitrary: wrongContentTypes.map((contentType) => raw(JSON.stringify(valid ?? {}), 'content type', contentType)) },
  );
}
