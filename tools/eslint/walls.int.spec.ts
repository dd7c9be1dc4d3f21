import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '../..');

interface LintMessage {
  readonly ruleId: string | null;
  readonly message: string;
}

/** Lints `source` as if it were the file at `path` (nothing is written), with the project's own configuration. */
async function lint(path: string, source: string): Promise<LintMessage[]> {
  const eslint = join(ROOT, 'node_modules/eslint/bin/eslint.js');
  const run = promisify(execFile)(process.execPath, [eslint, '--stdin', '--stdin-filename', path, '--format', 'json'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  run.child.stdin?.end(source);
  const { stdout } = await run.catch((error: { stdout: string }) => error);
  const [result]: { messages: LintMessage[] }[] = JSON.parse(stdout);
  return result.messages;
}

const rules = (messages: readonly LintMessage[]) => messages.map((message) => message.ruleId);

const write = (sql: string) => `import { SqlExecutor } from '@pvs/sql';\nexport const planted = (sql: SqlExecutor, id: string) => sql.query(\`${sql}\`, [id]);\n`;

describe('the walls the lint rules keep', () => {
  // Nx's boundary rule reads the project graph, which a fresh clone has not computed yet (`npm run lint` does the same).
  beforeAll(() => promisify(execFile)(process.execPath, [join(ROOT, 'node_modules/nx/bin/nx.js'), 'show', 'projects'], { cwd: ROOT }), 120_000);

  it('refuses a write to another project’s table, and lets its owner write it', async () => {
    const outbox = write('UPDATE wh_deliveries SET status = $1');
    expect(rules(await lint('apps/api-gateway/src/webhooks/planted.ts', outbox))).toEqual(['pvs/table-ownership']);
    expect(rules(await lint('libs/read-model/src/planted.ts', write('DELETE FROM mt_open_payments WHERE payment_id = $1')))).toEqual(['pvs/table-ownership']);
    expect(rules(await lint('apps/notifier/src/outbox/planted.ts', outbox))).toEqual([]);
  }, 60_000);

  it('refuses a write to a table named at run time outside the projector, and reads anywhere', async () => {
    const dynamic = `import { SqlExecutor } from '@pvs/sql';\nexport const planted = (sql: SqlExecutor, table: string) => sql.query(\`INSERT INTO \${table} (id) VALUES (1)\`);\n`;
    expect(rules(await lint('apps/matcher/src/planted.ts', dynamic))).toEqual(['pvs/table-ownership']);
    expect(rules(await lint('apps/projector/src/projections/planted.ts', dynamic))).toEqual([]);
    expect(rules(await lint('apps/api-gateway/src/planted.ts', write('SELECT * FROM wh_deliveries d FOR UPDATE SKIP LOCKED')))).toEqual([]);
  }, 60_000);

  it('refuses an import across a wall, and allows one along it', async () => {
    const importing = (what: string, from: string) => `import { ${what} } from '${from}';\nexport const planted = ${what};\n`;
    // One owner's published data does not reach into another's.
    expect(rules(await lint('libs/read-model/src/planted.ts', importing('DeliveryViews', '@pvs/webhook-deliveries')))).toEqual(['@nx/enforce-module-boundaries']);
    // Apps never import each other.
    expect(rules(await lint('apps/api-gateway/src/planted.ts', importing('NotifierModule', '@pvs/notifier')))).toContain('@nx/enforce-module-boundaries');
    // The domain imports no infrastructure.
    expect(rules(await lint('libs/domain/src/planted.ts', importing('SqlClient', '@pvs/sql')))).toEqual(['@nx/enforce-module-boundaries']);
    expect(rules(await lint('apps/api-gateway/src/planted.ts', importing('DeliveryViews', '@pvs/webhook-deliveries')))).toEqual([]);
  }, 120_000);
});
