const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first string (key or value) in a JSON value that PostgreSQL's jsonb cannot store, where
 * every fact ends up: one with a NUL character or a lone UTF-16 surrogate. Null when all are fine.
 */
export function findUnstorableText(value: unknown, path = 'body'): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, `${path}[${index}]`);
      if (found) return found;
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (findUnstorableText(key) !== null) return `${path} (a property name)`;
      const found = findUnstorableText(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}
