import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, describeWithPostgres } from '@pvs/sql/testing';
import { TestService, TestServiceOptions, startTestService } from './test-service';

/** Where a suite's services keep their data: the options to start them with, and how to drop it after. */
export interface DatabaseUnderTest {
  readonly options: TestServiceOptions;
  drop(): Promise<void>;
}

/** A suite's service, and how to be done with it (its database dropped too). */
export interface ServiceUnderTest {
  readonly service: TestService;
  dispose(): Promise<void>;
}

/** Defines `suite` on PGlite (in memory), and (when the test server is up) on a fresh PostgreSQL database per `open`. */
export function onEachDatabase(suite: (backend: string, open: () => Promise<DatabaseUnderTest>) => void): void {
  suite('PGlite (embedded default)', async () => ({ options: {}, drop: async () => undefined }));
  describeWithPostgres('on the PostgreSQL server', () => {
    suite('PostgreSQL', async () => {
      const database = await createTestDatabase();
      return { options: { databaseUrl: database.url }, drop: () => database.drop() };
    });
  });
}

/** As `onEachDatabase`, with PGlite kept on disk, so that a suite can start its service again on the same data. */
export function onEachDatabaseThatRestarts(suite: (backend: string, open: () => Promise<DatabaseUnderTest>) => void): void {
  onEachDatabase((backend, open) => {
    if (!backend.startsWith('PGlite')) return suite(backend, open);
    suite(backend, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'pvs-restarts-'));
      return { options: { dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
    });
  });
}

/** The service started on a database `open` gives. */
export async function serviceOn(open: () => Promise<DatabaseUnderTest>): Promise<ServiceUnderTest> {
  const database = await open();
  const service = await startTestService(database.options);
  return {
    service,
    async dispose() {
      await service.close();
      await database.drop();
    },
  };
}
