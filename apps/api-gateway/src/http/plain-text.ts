import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy, ValidationArguments } from 'class-validator';

/**
 * Characters that change how text is shown rather than what it says: controls, line and paragraph separators, and
 * the format characters of the basic plane (bidi overrides, isolates and marks, zero-width spaces, the byte order
 * mark, the soft hyphen). In a reference or a sender id they have no place; in a name they could make the admin
 * page show one thing for another. Written as ranges, not Unicode classes, so that the OpenAPI document can carry
 * the same rule as a pattern every JSON Schema tool reads alike.
 */
const CONTROLS = String.raw`\u0000-\u0008\u000B-\u001F\u007F-\u009F`;
const FORMAT = String.raw`\u00AD\u0600-\u0605\u061C\u06DD\u070F\u0890\u0891\u08E2\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB`;
/** The zero-width non-joiner and joiner: Urdu and Persian spelling and emoji need them in names. */
const JOINERS = String.raw`\u200C\u200D`;
const TAB_AND_NEWLINE = String.raw`\t\n`;
const SEPARATORS = String.raw`\u2028\u2029`;

const HIDDEN = {
  identifier: CONTROLS + TAB_AND_NEWLINE + SEPARATORS + FORMAT + JOINERS,
  name: CONTROLS + TAB_AND_NEWLINE + SEPARATORS + FORMAT,
  /** A note may also break lines. */
  note: CONTROLS + SEPARATORS + FORMAT,
} as const;

/** What String.prototype.trim removes: whitespace and line terminators. */
const TRIMMED = String.raw`\t\n\u000B\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF`;

export type TextKind = keyof typeof HIDDEN;

/** Text of `min` to `max` characters (0 or 1 to max), trimmed, without hidden characters, as a pattern body. */
function trimmedText(kind: TextKind, min: 0 | 1, max: number): string {
  const edge = `[^${HIDDEN[kind]}${TRIMMED}]`;
  const text = `${edge}(?:[^${HIDDEN[kind]}]{0,${max - 2}}${edge})?`;
  return min === 0 ? `(?:${text})?` : text;
}

/**
 * The OpenAPI pattern of a PlainText field, as sent: surrounding whitespace, then the text. Its length limits are
 * in the pattern, since the limits hold once the whitespace is trimmed.
 */
export function plainTextPattern(kind: TextKind, min: 0 | 1, max: number): string {
  return trimmedFieldPattern(trimmedText(kind, min, max));
}

/** The OpenAPI pattern of a field trimmed before it is checked against `body`: surrounding whitespace, then the body. */
export function trimmedFieldPattern(body: string): string {
  return `^[${TRIMMED}]*${body}[${TRIMMED}]*$`;
}

const HIDDEN_CHARACTER = {
  identifier: new RegExp(`[${HIDDEN.identifier}]`, 'u'),
  name: new RegExp(`[${HIDDEN.name}]`, 'u'),
  note: new RegExp(`[${HIDDEN.note}]`, 'u'),
} as const;

/** What is wrong with a field's value once trimmed ("must …"), or null: the rule plainTextPattern writes down. */
export function plainTextProblem(value: unknown, kind: TextKind, min: 0 | 1, max: number): string | null {
  if (typeof value !== 'string') return 'must be a string';
  const length = [...value].length;
  if (length < min) return 'must not be empty or blank';
  if (length > max) return `must be at most ${max} characters`;
  return HIDDEN_CHARACTER[kind].test(value) ? 'must not contain control, bidi or zero-width characters' : null;
}

/**
 * A string field, trimmed, then checked: its length in characters once trimmed (so a name of spaces is empty), and
 * no hidden character. `each` checks every item of a list.
 */
export const PlainText = (kind: TextKind, min: 0 | 1, max: number, { each = false } = {}) => {
  const problem = (value: unknown): string | null => plainTextProblem(value, kind, min, max);
  const firstProblem = ({ value }: ValidationArguments): string | null =>
    each && Array.isArray(value) ? value.map(problem).find((found) => found !== null) ?? null : problem(value);
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => trimmed(value)),
    ValidateBy(
      {
        name: 'plainText',
        validator: {
          validate: (value: unknown) => problem(value) === null,
          defaultMessage: (args?: ValidationArguments) => (args ? `${each ? 'each value in ' : ''}${args.property} ${firstProblem(args)}` : 'invalid text'),
        },
      },
      { each },
    ),
  );
};

function trimmed(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  return Array.isArray(value) ? value.map((item: unknown) => (typeof item === 'string' ? item.trim() : item)) : value;
}
