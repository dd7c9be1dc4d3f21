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
