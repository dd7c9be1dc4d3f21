import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** No Docker engine runs here: the compose file is checked by what can be checked offline. */
describe('docker-compose.yml', () => {
  const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true });
  const apps = ['api-gateway', 'matcher', 'projector', 'notifier'];

  it('runs each app from its built entry point, after healthy infrastructure', () => {
    for (const app of apps) {
      const service = compose.services[app];
      expect(service.command).toEqual(['node', `dist/apps/${app}/src/main.js`]);
      expect(existsSync(`apps/${app}/src/main.ts`)).toBe(true);
      expect(service.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        kafka: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
  });

  it('gives every app the variables its process requires', () => {
    for (const app of apps) {
      const env = compose.services[app].environment;
      expect(env).toMatchObject({ DATABASE_URL: expect.stringMatching(/^postgres:\/\//), KAFKA_BROKERS: 'kafka:9092', REDIS_URL: 'redis://redis:6379' });
      expect(env.SECRETS_KEY).toContain('SECRETS_KEY');
    }
    expect(compose.services['api-gateway'].environment).toMatchObject({ HOST: '0.0.0.0', PORT: '3000', ADMIN_TOKEN: expect.stringContaining('ADMIN_TOKEN') });
  });

  it('pins the Kafka broker the client is tested with, single-node KRaft', () => {
    const kafka = compose.services.kafka;
    expect(kafka.image).toBe('apache/kafka:3.9.2');
    expect(kafka.environment).toMatchObject({ KAFKA_PROCESS_ROLES: 'broker,controller', KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: 1, KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false' });
  });

  it('has a health check on every long-running service', () => {
    for (const name of ['postgres', 'kafka', 'redis', 'api-gateway']) expect(compose.services[name].healthcheck.test).toBeDefined();
  });

  it('builds the image the apps run in', () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    expect(dockerfile).toMatch(/RUN npm run build/);
    expect(dockerfile).toMatch(/COPY --from=build \/app\/dist \.\/dist/);
  });
});
