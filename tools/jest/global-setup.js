// Finds out once per run which real services are reachable, so suites can skip
// (or, under CI=true, fail) with a message naming `npm run services:up`.
const { Client } = require('pg');
const Redis = require('ioredis');
const { Kafka, logLevel } = require('kafkajs');

const DEFAULTS = {
  postgres: 'postgres://postgres@127.0.0.1:54329/postgres',
  redis: 'redis://127.0.0.1:16379',
  kafka: '127.0.0.1:19092',
};

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

module.exports = async function globalSetup() {
  await Promise.all(
    Object.entries(CHECKS).map(async ([service, check]) => {
      const prefix = `TEST_${service.toUpperCase()}`;
      process.env[`${prefix}_URL`] ??= DEFAULTS[service];
      const reachable = await check(process.env[`${prefix}_URL`]).then(() => true, () => false);
      process.env[`${prefix}_REACHABLE`] = reachable ? 'yes' : 'no';
    }),
  );
};
