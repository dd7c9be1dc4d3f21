import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { describeWith, requireServiceAddress } from '@pvs/testing';

/** `describe` for suites that need the real PostgreSQL server (see describeWith). */
export function describeWithPostgres(name: string, body: () => void): void {
  describeWith('postgres', name, body);
}

export interface TestDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/** A fresh database on the test server, so suites never see each other's rows. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = requireServiceAddress('postgres');
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
