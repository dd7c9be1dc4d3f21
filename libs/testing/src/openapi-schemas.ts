import Ajv from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Checks values against the named schemas of a served OpenAPI 3.0 document, as a receiver validating with it would:
 * the answer is the list of what does not hold (empty when the value is as documented).
 */
export function documentedSchemas(document: unknown): (schemaName: string, value: unknown) => string[] {
  if (typeof document !== 'object' || document === null || !('components' in document)) throw new Error('Not an OpenAPI document: it has no components');
  // Not strict: the document carries OpenAPI's own words (`example`, `discriminator`) as well as JSON Schema's.
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi.json', components: withNullsAllowed(document.components) });
  return (schemaName, value) => {
    const validate = ajv.getSchema(`openapi.json#/components/schemas/${schemaName}`);
    if (!validate) throw new Error(`The document has no schema ${schemaName}`);
    return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is not as documented'}`);
  };
}

/**
 * OpenAPI 3.0's `nullable: true` read as 3.1 and Schemathesis read it, wherever it stands (beside `allOf` of a
 * reference too): the schema, or null.
 */
function withNullsAllowed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullsAllowed);
  if (typeof node !== 'object' || node === null) return node;
  const converted = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withNullsAllowed(value)]));
  if (converted.nullable !== true) return converted;
  const { nullable: _, ...schema } = converted;
  return { anyOf: [schema, { type: 'null' }] };
}
