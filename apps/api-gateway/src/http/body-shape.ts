const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** How deeply a request body may nest: far beyond any field we define, far below what a recursive reader survives. */
export const MAX_BODY_DEPTH = 32;

interface Pending {
  readonly value: unknown;
  readonly path: string;
  readonly depth: number;
}

/**
 * Why a parsed JSON body cannot go further, or null: nested deeper than MAX_BODY_DEPTH, or holding a string (key or
 * value) that PostgreSQL's jsonb, where every fact ends up, cannot store (a NUL character or a lone UTF-16
 * surrogate). Reads the body with a stack of its own, so no depth of input can exhaust the call stack; the first
 * problem in document order is named.
 */
export function findBodyProblem(body: unknown): string | null {
  const pending: Pending[] = [{ value: body, path: 'body', depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return `${path} contains a NUL character or invalid Unicode`;
    } else if (typeof value === 'object' && value !== null) {
      if (depth === MAX_BODY_DEPTH) return `The request body nests deeper than ${MAX_BODY_DEPTH} levels`;
      const children = Array.isArray(value)
        ? value.map((item, index): Pending => ({ value: item, path: `${path}[${index}]`, depth: depth + 1 }))
        : Object.entries(value).map(([key, item]): Pending => ({ value: item, path: `${path}.${key}`, depth: depth + 1 }));
      const badKey = Array.isArray(value) ? undefined : Object.keys(value).find((key) => UNSTORABLE.test(key));
      if (badKey !== undefined) return `${path} (a property name) contains a NUL character or invalid Unicode`;
      pending.push(...children.reverse());
    }
  }
  return null;
}
