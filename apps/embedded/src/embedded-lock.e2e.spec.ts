import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { DatabaseUnderTest, TestService, TestServiceOptions, onEachDatabaseThatRestarts, startTestService } from './testing';

onEachDatabaseThatRestarts((backend, open) => {
  describe(`one embedded service per database (${backend})`, () => {
    let database: DatabaseUnderTest;
    // The same keys at every start: a new secrets key would not open the secrets of the tenant created before.
    let options: TestServiceOptions;

    beforeAll(async () => {
      database = await open();
      options = { ...database.options, adminToken: randomBytes(24).toString('base64url'), secretsKey: randomBytes(32) };
    });
    afterAll(() => database.drop());

    /** The message of a start that was refused; a start that was not is closed, and says so. */
    const refusedStart = () =>
      startTestService(options).then(
        async (service: TestService) => {
          await service.close();
          return 'started';
        },
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );

    it('refuses a second start on its database, naming the database and the holder; once the first stopped, a new one starts', async () => {
      const first = await startTestService(options);
      try {
        const refusal = await refusedStart();
        const where = database.options.dataDir ? `DATA_DIR holds the PGlite data ${database.options.dataDir}/pglite` : `DATABASE_URL names the database ${new URL(database.options.databaseUrl ?? '').pathname.slice(1)}`;
        expect(refusal).toContain(`Invalid configuration: ${where}`);
        expect(refusal).toContain(`, in use by another embedded service (${database.options.dataDir ? '' : 'pvs-embedded '}pid ${process.pid} on ${hostname()}`);
        expect(refusal).toContain('embedded mode must be the only process on its database, stop that one first');
        // The refused start left the first one as it was.
        expect((await first.request('GET', '/system/health')).status).toBe(200);
        expect((await first.createTenant()).id).toEqual(expect.any(String));
      } finally {
        await first.close();
      }
      const next = await startTestService(options);
      try {
        expect((await next.request('GET', '/system/health')).status).toBe(200);
        expect(await refusedStart()).toContain('in use by another embedded service');
      } finally {
        await next.close();
      }
    }, 60_000);
  });
});
