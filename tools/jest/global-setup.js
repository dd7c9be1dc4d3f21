// Finds out once per run where the real servers are (service-origin.js decides) and which of
// them are reachable, so suites can skip (or, under CI=true, fail) with a hint.
const { Client } = require('pg');
const Redis = require('ioredis');
const { Kafka, logLevel } = require('kafkajs');
const { ADDRESS_VARIABLES, LOCAL_ADDRESSES, chooseOrigins, dockerEngineAnswers } = require('./service-origin');

const CHECKS = {
  async postgres(url) {
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
    } finally {
      await client.end().catch(() => undefined);
    }
  },
  async redis(url) {
    const redis = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await redis.connect();
      await redis.ping();
    } finally {
      redis.disconnect();
    }
  },
  async kafka(brokers) {
    const admin = new Kafka({ brokers: brokers.split(','), logLevel: logLevel.NOTHING, connectionTimeout: 2000, retry: { retries: 0 } }).admin();
    try {
      await admin.connect();
      await admin.describeCluster();
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  },
};

async function placeServers() {
  const dockerAnswers = process.env.TEST_SERVICES ? false : await dockerEngineAnswers();
  const origins = chooseOrigins(process.env, dockerAnswers);
  const fromContainers = Object.keys(origins).filter((service) => origins[service] === 'container');
  const addresses = { ...LOCAL_ADDRESSES };
  if (fromContainers.length > 0) {
    const { startContainers } = require('./containers');
    const reason = process.env.TEST_SERVICES ? 'TEST_SERVICES=containers' : 'a Docker engine answered';
    console.log(`\nStarting ${fromContainers.join(', ')} with testcontainers (${reason})…`);
    const started = await startContainers(fromContainers);
    globalThis.__PVS_STOP_CONTAINERS__ = started.stop;
    Object.assign(addresses, started.addresses);
  }
  for (const [service, variable] of Object.entries(ADDRESS_VARIABLES)) {
    if (origins[service] !== 'given' && addresses[service]) process.env[variable] = addresses[service];
  }
}

module.exports = async function globalSetup() {
  await placeServers();
  await Promise.all(
    Object.entries(CHECKS).map(async ([service, check]) => {
      const prefix = `TEST_${service.toUpperCase()}`;
      const reachable = await check(process.env[`${prefix}_URL`]).then(() => true, () => false);
      process.env[`${prefix}_REACHABLE`] = reachable ? 'yes' : 'no';
    }),
  );
};
