import fc from 'fast-check';

/** A JSON Schema object of an OpenAPI 3.0 document, read loosely: the generator follows what it knows and ignores the rest. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Schema = Record<string, any>;

export interface SchemaContext {
  /** components.schemas of the document, for $ref. */
  readonly schemas: Record<string, Schema>;
}

/** How long a generated string or list may be: limits far above it are still honoured, at a cost nobody needs. */
const LONGEST_STRING = 48;
const LONGEST_LIST = 4;

/** Values the schema accepts, as far as this generator reads it: the "valid" half of every fuzz request. */
export function valuesOf(schema: Schema, context: SchemaContext): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, context);
  const value = nonNullValuesOf(resolved, context);
  return resolved.nullable ? fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) }) : value;
}

function resolve(schema: Schema, context: SchemaContext): Schema {
  if (typeof schema.$ref === 'string') return resolve({ ...context.schemas[schema.$ref.split('/').pop() ?? ''], ...withoutRef(schema) }, context);
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as Schema[]).map((part) => resolve(part, context));
    const { allOf: _allOf, ...own } = schema;
    return parts.reduce<Schema>(
      (merged, part) => ({ ...merged, ...part, properties: { ...merged.properties, ...part.properties }, required: [...(merged.required ?? []), ...(part.required ?? [])] }),
      own,
    );
  }
  return schema;
}

function withoutRef({ $ref: _ref, ...rest }: Schema): Schema {
  return rest;
}

function nonNullValuesOf(schema: Schema, context: SchemaContext): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) {
    return fc.oneof(...((schema.oneOf ?? schema.anyOf) as Schema[]).map((choice) => valuesOf(choice, context)));
  }
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  switch (schema.type) {
    case 'string':
      return stringsOf(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return numbersOf(schema);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valuesOf(schema.items ?? {}, context), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? LONGEST_LIST, LONGEST_LIST)),
      });
    case 'object':
      return objectsOf(schema, context);
    default:
      return schema.properties ? objectsOf(schema, context) : fc.jsonValue({ maxDepth: 2 });
  }
}

function stringsOf(schema: Schema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? LONGEST_STRING, LONGEST_STRING));
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
    case 'date':
      return fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    case 'uri':
      return fc.webUrl({ validSchemes: ['https', 'http'] });
    default:
      if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern, 'u'), { maxLength: maxLength + 4 });
      return fc.string({ unit: 'grapheme', minLength, maxLength });
  }
}

function numbersOf(schema: Schema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1e9;
  const max = schema.maximum ?? 1e9;
  if (schema.multipleOf === 0.01) return fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((cents) => cents / 100);
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function objectsOf(schema: Schema, context: SchemaContext): fc.Arbitrary<unknown> {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
  if (properties.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
  return fc.record(Object.fromEntries(properties.map(([name, property]) => [name, valuesOf(property, context)])), {
    requiredKeys: (schema.required ?? []) as string[],
  });
}
