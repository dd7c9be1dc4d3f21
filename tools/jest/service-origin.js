// The one place that decides where the test servers come from:
//   1. an address given in the environment (TEST_POSTGRES_URL, …, KURRENTDB_URL) is used as is;
//   2. otherwise, when a Docker engine answers, testcontainers starts the server;
//   3. otherwise the local servers of `npm run services:up` on their fixed ports.
// TEST_SERVICES=local or TEST_SERVICES=containers overrides the Docker probe.
const http = require('node:http');
const fs = require('node:fs');

const LOCAL_ADDRESSES = {
  postgres: 'postgres://postgres@127.0.0.1:54329/postgres',
  redis: 'redis://127.0.0.1:16379',
  kafka: '127.0.0.1:19092',
  kurrentdb: undefined, // no local KurrentDB server: its suite skips
};

const ADDRESS_VARIABLES = {
  postgres: 'TEST_POSTGRES_URL',
  redis: 'TEST_REDIS_URL',
  kafka: 'TEST_KAFKA_URL',
  kurrentdb: 'KURRENTDB_URL',
};

/** Where the Docker API listens: DOCKER_HOST (unix:// or tcp://) or the default socket. */
function dockerEndpoint(env) {
  const host = env.DOCKER_HOST;
  if (!host) return { socketPath: '/var/run/docker.sock' };
  if (host.startsWith('unix://')) return { socketPath: host.slice('unix://'.length) };
  const url = new URL(host.replace(/^tcp:/, 'http:'));
  return { host: url.hostname, port: Number(url.port || 2375) };
}

/** True when a Docker engine answers `GET /_ping` within the timeout. */
function dockerEngineAnswers(env = process.env, timeoutMs = 1500) {
  const endpoint = dockerEndpoint(env);
  if (endpoint.socketPath && !fs.existsSync(endpoint.socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const request = http.get({ ...endpoint, path: '/_ping', timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

/**
 * For each service: 'given' (address from the environment), 'container' or 'local'.
 * Pure, so the rule itself is tested without an engine.
 */
function chooseOrigins(env, dockerAnswers) {
  const forced = env.TEST_SERVICES;
  if (forced && forced !== 'local' && forced !== 'containers') {
    throw new Error(`TEST_SERVICES must be "local" or "containers", got "${forced}"`);
  }
  const useContainers = forced ? forced === 'containers' : dockerAnswers;
  return Object.fromEntries(
    Object.entries(ADDRESS_VARIABLES).map(([service, variable]) => [
      service,
      env[variable] ? 'given' : useContainers ? 'container' : 'local',
    ]),
  );
}

module.exports = { ADDRESS_VARIABLES, LOCAL_ADDRESSES, chooseOrigins, dockerEngineAnswers };
