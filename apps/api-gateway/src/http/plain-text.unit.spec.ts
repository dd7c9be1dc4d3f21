import fc from 'fast-check';
import { TextKind, plainTextPattern, plainTextProblem } from './plain-text';

const KINDS: readonly TextKind[] = ['identifier', 'name', 'note'];
/** Characters near every edge of the rule: whitespace trimmed or not, hidden or not, joiners, astral. */
const EDGY = [' ', '\t', '\n', '\r', '\u00A0', '\u2028', '\uFEFF', '\u200B', '\u200C', '\u200D', '\u202E', '\u2066', '\u0000', '\u001F', '\u007F', '\u0085', '\u00AD', '\u061C', 'a', 'Z', '7', '-', 'ب', '😀'];
const text = fc.array(fc.oneof(fc.constantFrom(...EDGY), fc.string({ unit: 'grapheme', maxLength: 2 })), { maxLength: 12 }).map((parts) => parts.join(''));

describe('plain text fields', () => {
  it.each([
    ['identifier', 'TID 12345', null],
    ['identifier', 'TID\u202E54321', 'must not contain control, bidi or zero-width characters'],
    ['identifier', 'TID\u200B1', 'must not contain control, bidi or zero-width characters'],
    ['identifier', 'TID\u200C1', 'must not contain control, bidi or zero-width characters'],
    ['name', 'می\u200Cخواهم', null],
    ['name', 'Ali\tRaza', 'must not contain control, bidi or zero-width characters'],
    ['note', 'first line\nsecond\tline', null],
    ['note', 'hidden \u2066 isolate', 'must not contain control, bidi or zero-width characters'],
    ['name', '', 'must not be empty or blank'],
    ['name', 'x'.repeat(121), 'must be at most 120 characters'],
    ['name', '😀'.repeat(120), null],
    ['name', 7, 'must be a string'],
  ] as const)('reads a %s %j as %j', (kind, value, problem) => {
    expect(plainTextProblem(value, kind, 1, 120)).toBe(problem);
  });

  it('allows an empty note', () => {
    expect(plainTextProblem('', 'note', 0, 1000)).toBeNull();
  });

  // The OpenAPI document states the rule as a pattern over the text as sent; the service checks it once trimmed.
  it.each(KINDS)('accepts exactly the %s texts its OpenAPI pattern describes', (kind) => {
    fc.assert(
      fc.property(text, fc.constantFrom(0 as const, 1 as const), fc.integer({ min: 2, max: 6 }), (value, min, max) => {
        const pattern = new RegExp(plainTextPattern(kind, min, max), 'u');
        expect(pattern.test(value)).toBe(plainTextProblem(value.trim(), kind, min, max) === null);
      }),
      { numRuns: 3000 },
    );
  });
});
