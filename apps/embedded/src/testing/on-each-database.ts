import { createTestDatabase, describeWithPostgres } from '@pvs/sql/testing';
import { TestService, startTestService } from './test-service';

/** A suite's service, and how to be done with it. */
export interface ServiceUnderTest {
  readonly service: TestService;
  dispose(): Promise<void>;
}

/** Defines `suite` on PGlite, and (when the test server is up) on a fresh PostgreSQL database dropped after it. */
export function onEachDatabase(suite: (backend: string, start: () => Promise<ServiceUnderTest>) => void): void {
  suite('PGlite (embedded default)', async () => {
    const service = await startTestService();
    return { service, dispose: () => service.close() };
  });
  describeWithPostgres('on the PostgreSQL server', () => {
    suite('PostgreSQL', async () => {
      const database = await createTestDatabase();
      const service = await startTestService({ databaseUrl: database.url });
      return {
        service,
        async dispose() {
          await service.close();
          await database.drop();
        },
      };
    });
  });
}
