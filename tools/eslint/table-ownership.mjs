// ESLint rule `pvs/table-ownership`: SQL that writes a table (INSERT, UPDATE, DELETE, TRUNCATE, MERGE, CREATE/ALTER/DROP
// TABLE) may appear only in the code of the project that owns it. Tables are known by their prefix; the owners and
// the paths allowed to write each prefix are the rule's options (declared once, in eslint.config.mjs). A statement whose
// target is interpolated (`INSERT INTO ${table}`) is allowed only where `dynamicWriters` says.
import { relative } from 'node:path';

const WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?|MERGE\s+INTO|(?:CREATE|ALTER|DROP)\s+TABLE(?:\s+IF\s+(?:NOT\s+)?EXISTS)?)\s+(ONLY\s+)?([a-z_][a-z0-9_]*|\u0000)/g;
/** Words that follow UPDATE without naming a table: `DO UPDATE SET`, `FOR UPDATE SKIP LOCKED`, `FOR UPDATE OF`. */
const NOT_TABLES = new Set(['SET', 'SKIP', 'NOWAIT', 'OF']);

/** The SQL text of a string or template literal; each interpolation becomes U+0000. */
function sqlText(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join('\u0000');
  return null;
}

export const tableOwnership = {
  meta: {
    type: 'problem',
    docs: { description: 'A table is written only by the project that owns it' },
    schema: [
      {
        type: 'object',
        properties: {
          owners: {
            type: 'array',
            items: {
              type: 'object',
              properties: { prefix: { type: 'string' }, owner: { type: 'string' }, writers: { type: 'array', items: { type: 'string' } } },
              required: ['prefix', 'owner', 'writers'],
            },
          },
          dynamicWriters: { type: 'array', items: { type: 'string' } },
        },
        required: ['owners'],
      },
    ],
    messages: {
      foreign: 'Table {{table}} belongs to {{owner}}: only it writes it (ask it through a command or a message instead).',
      dynamic: 'A write to an interpolated table name: only {{writers}} may write tables they name at run time.',
    },
  },
  create(context) {
    const { owners, dynamicWriters = [] } = context.options[0];
    const file = relative(context.cwd, context.filename).split('\\').join('/');
    const writes = (paths) => paths.some((path) => file.startsWith(path));
    const check = (node) => {
      const text = sqlText(node);
      if (text === null) return;
      for (const [, , table] of text.matchAll(WRITE)) {
        if (NOT_TABLES.has(table)) continue;
        if (table === '\u0000') {
          if (!writes(dynamicWriters)) context.report({ node, messageId: 'dynamic', data: { writers: dynamicWriters.join(', ') } });
          continue;
        }
        const owned = owners.find((entry) => table.startsWith(entry.prefix));
        if (owned && !writes(owned.writers)) context.report({ node, messageId: 'foreign', data: { table, owner: owned.owner } });
      }
    };
    return { Literal: check, TemplateLiteral: check };
  },
};

export default { rules: { 'table-ownership': tableOwnership } };
