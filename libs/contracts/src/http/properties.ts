import { ApiProperty } from '@nestjs/swagger';

// The property kinds the responses and webhooks share, so each class declares a field once: its type, its shape in the
// document and (through the class) the mapper's return type.

/** What a field adds to its kind; `required: false` for a field a response may leave out. */
interface Extra {
  readonly description?: string;
  readonly nullable?: boolean;
  readonly required?: boolean;
  /** A list of values of the kind. */
  readonly isArray?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly pattern?: string;
}

export const UuidProperty = (extra: Extra = {}) => ApiProperty({ type: String, format: 'uuid', ...extra });
export const DateTimeProperty = (extra: Extra = {}) => ApiProperty({ type: String, format: 'date-time', ...extra });
export const TextProperty = (extra: Extra = {}) => ApiProperty({ type: String, ...extra });
export const CountProperty = (extra: Extra = {}) => ApiProperty({ type: 'integer', minimum: 0, ...extra });
export const FlagProperty = (extra: Extra = {}) => ApiProperty({ type: Boolean, ...extra });
/** An amount in PKR, from integer paisa at the edge (`paisaToPkr`). */
export const PkrProperty = (extra: Extra = {}) => ApiProperty({ type: Number, description: 'PKR, at most 2 decimals (exact to the paisa)', ...extra });
/** One of a closed set of strings. */
export const ChoiceProperty = (values: readonly string[], extra: Extra = {}) => ApiProperty({ type: String, enum: [...values], ...extra });
/** Any integer (a count that cannot be negative is a CountProperty). */
export const IntegerProperty = (extra: Extra = {}) => ApiProperty({ type: 'integer', ...extra });
/** Any number: a rate, a duration in seconds, a share. */
export const NumberProperty = (extra: Extra = {}) => ApiProperty({ type: Number, ...extra });
export const UrlProperty = (extra: Extra = {}) => ApiProperty({ type: String, format: 'uri', ...extra });
/** Free-form JSON, as recorded. */
export const JsonObjectProperty = (extra: Pick<Extra, 'description' | 'nullable'> = {}) => ApiProperty({ type: 'object', additionalProperties: true, ...extra });
