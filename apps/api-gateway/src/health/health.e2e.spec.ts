import { Client } from 'pg';
import { startTestService } from '@pvs/embedded/testing';
import { BUS_TRANSPORT, BusTransport } from '@pvs/messaging';
import { createTestDatabase, describeWithPostgres } from '@pvs/sql/testing';

describe('GET /system/health when a service fails', () => {
  it('answers 503 and names the queue when the message bus is down', async () => {
    const service = await startTestService();
    try {
      await service.app.get<BusTransport>(BUS_TRANSPORT).close();
      const response = await service.request('GET', '/system/health');
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ status: 'degraded', services: { database: 'ok', cache: 'ok', queue: 'down' } });
    } finally {
      await service.close().catch(() => undefined);
    }
  });
});

describeWithPostgres('GET /system/health when PostgreSQL refuses connections', () => {
  it('answers 503 naming the database, and 200 again once it is back', async () => {
    const database = await createTestDatabase();
    const service = await startTestService({ databaseUrl: database.url });
    const name = new URL(database.url).pathname.slice(1);
    const admin = new Client({ connectionString: process.env.TEST_POSTGRES_URL });
    await admin.connect();
    try {
      expect((await service.request('GET', '/system/health')).status).toBe(200);
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);

      const down = await service.request('GET', '/system/health');
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ status: 'degraded', services: { database: 'down', cache: 'ok', queue: 'ok' } });

      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      expect((await service.request('GET', '/system/health')).status).toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.end();
      await service.close().catch(() => undefined);
      await database.drop();
    }
  });
});
