import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

const SERVICES_HINT = 'start it with `npm run services:up`';

/** Set by tools/jest/global-setup.js. */
function postgresUrl(): string | undefined {
  return process.env.TEST_POSTGRES_REACHABLE === 'yes' ? process.env.TEST_POSTGRES_URL : undefined;
}

/**
 * `describe` for suites that need the real PostgreSQL server: skipped with a hint when it is
 * unreachable, except under CI=true, where an unreachable server fails the suite.
 */
export function describeWithPostgres(name: string, body: () => void): void {
  if (postgresUrl()) {
    describe(name, body);
  } else if (process.env.CI === 'true') {
    describe(name, () => {
      it('needs PostgreSQL', () => {
        throw new Error(`PostgreSQL is unreachable at ${process.env.TEST_POSTGRES_URL}: ${SERVICES_HINT}`);
      });
    });
  } else {
    console.warn(`Skipping "${name}": PostgreSQL is unreachable at ${process.env.TEST_POSTGRES_URL}; ${SERVICES_HINT}.`);
    describe.skip(name, body);
  }
}

export interface TestDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/** A fresh database on the test server, so suites never see each other's rows. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = postgresUrl();
  if (!serverUrl) throw new Error(`PostgreSQL is unreachable: ${SERVICES_HINT}`);
  const name = `pvs_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function withAdmin(serverUrl: string, work: (admin: Client) => Promise<unknown>): Promise<void> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}
