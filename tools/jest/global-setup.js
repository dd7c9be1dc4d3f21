// Finds out once per run which real services are reachable, so suites can skip
// (or, under CI=true, fail) with a message naming `npm run services:up`.
const { Client } = require('pg');

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:54329/postgres';

async function reachable(url) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

module.exports = async function globalSetup() {
  process.env.TEST_POSTGRES_URL ??= DEFAULT_POSTGRES_URL;
  process.env.TEST_POSTGRES_REACHABLE = (await reachable(process.env.TEST_POSTGRES_URL)) ? 'yes' : 'no';
};
