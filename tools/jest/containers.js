// Servers for the suites from testcontainers, used only when a Docker engine answers
// (see service-origin.js). Images pin the same majors as the local scripts.
const IMAGES = {
  postgres: 'postgres:15-alpine',
  redis: 'redis:7-alpine',
  kafka: 'confluentinc/cp-kafka:7.9.0', // Kafka 3.9, the version the local scripts pin
  kurrentdb: 'docker.kurrent.io/kurrent-latest/kurrentdb:25.1',
};

const STARTERS = {
  async postgres() {
    const { PostgreSqlContainer } = require('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer(IMAGES.postgres).withUsername('postgres').withPassword('postgres').start();
    return { container, address: container.getConnectionUri() };
  },
  async redis() {
    const { RedisContainer } = require('@testcontainers/redis');
    const container = await new RedisContainer(IMAGES.redis).start();
    return { container, address: container.getConnectionUrl() };
  },
  async kafka() {
    const { KafkaContainer } = require('@testcontainers/kafka');
    const container = await new KafkaContainer(IMAGES.kafka).withKraft().start();
    return { container, address: `${container.getHost()}:${container.getMappedPort(9093)}` };
  },
  async kurrentdb() {
    const { GenericContainer, Wait } = require('testcontainers');
    const container = await new GenericContainer(IMAGES.kurrentdb)
      .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_RUN_PROJECTIONS: 'None', KURRENTDB_MEM_DB: 'true' })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .start();
    return { container, address: `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false` };
  },
};

/**
 * Starts the named servers in parallel; returns their addresses and a function that stops them all.
 * If one fails to start, the others are stopped before the error is thrown.
 */
async function startContainers(services) {
  const results = await Promise.allSettled(services.map(async (service) => [service, await STARTERS[service]()]));
  const started = results.filter((result) => result.status === 'fulfilled').map((result) => result.value);
  const stop = () => Promise.all(started.map(([, { container }]) => container.stop()));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) {
    await stop();
    throw new Error(`testcontainers could not start the test servers: ${failure.reason?.message ?? failure.reason}`);
  }
  return { addresses: Object.fromEntries(started.map(([service, { address }]) => [service, address])), stop };
}

module.exports = { startContainers };
