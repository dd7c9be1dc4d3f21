/** An OpenAPI document, as far as this file reads it. */
interface OpenApiDocument {
  readonly paths: Record<string, Record<string, { readonly tags?: readonly string[] } | unknown>>;
  readonly components?: { readonly schemas?: Record<string, unknown> } & Record<string, unknown>;
  readonly [key: string]: unknown;
}

function isOpenApiDocument(value: unknown): value is OpenApiDocument {
  return typeof value === 'object' && value !== null && 'paths' in value && typeof value.paths === 'object' && value.paths !== null;
}

/** The tags of the operations a merchant's server calls: the client is typed on these alone. */
const MERCHANT_TAGS = ['merchants', 'monitoring'];

function isMerchantOperation(operation: unknown): boolean {
  if (typeof operation !== 'object' || operation === null || !('tags' in operation) || !Array.isArray(operation.tags)) return false;
  return operation.tags.some((tag) => MERCHANT_TAGS.includes(tag));
}

/** Every `#/components/schemas/<name>` the value refers to, however deep. */
function schemaRefs(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) schemaRefs(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/schemas/')) found.add(inner.slice('#/components/schemas/'.length));
      else schemaRefs(inner, found);
    }
  }
}

/**
 * The served document cut down to the merchants' and monitoring operations and the schemas they reach (the
 * webhooks included): the operators' endpoints may change without touching the merchants' package.
 */
export function merchantDocument(served: unknown): OpenApiDocument {
  if (!isOpenApiDocument(served)) throw new Error('Not an OpenAPI document');
  const document = served;
  const paths = Object.fromEntries(
    Object.entries(document.paths)
      .map(([path, item]) => [path, Object.fromEntries(Object.entries(item).filter(([, operation]) => isMerchantOperation(operation)))] as const)
      .filter(([, item]) => Object.keys(item).length > 0),
  );
  const schemas = document.components?.schemas ?? {};
  const reached = new Set<string>(['WebhookPayload', 'AlertWebhookPayload']);
  schemaRefs(paths, reached);
  for (let size = 0; size !== reached.size; ) {
    size = reached.size;
    for (const name of [...reached]) schemaRefs(schemas[name], reached);
  }
  return {
    ...document,
    paths,
    components: { ...document.components, schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name))) },
  };
}
