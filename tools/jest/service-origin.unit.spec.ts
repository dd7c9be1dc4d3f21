import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { chooseOrigins, dockerEngineAnswers } = require('./service-origin');

describe('where the test servers come from', () => {
  it('uses containers when a Docker engine answers, the local scripts otherwise', () => {
    expect(chooseOrigins({}, true)).toEqual({ postgres: 'container', redis: 'container', kafka: 'container', kurrentdb: 'container' });
    expect(chooseOrigins({}, false)).toEqual({ postgres: 'local', redis: 'local', kafka: 'local', kurrentdb: 'local' });
  });

  it('keeps an address given in the environment, whatever else is available', () => {
    const env = { TEST_POSTGRES_URL: 'postgres://elsewhere/db', KURRENTDB_URL: 'kurrentdb://kdb:2113?tls=false' };
    expect(chooseOrigins(env, true)).toEqual({ postgres: 'given', redis: 'container', kafka: 'container', kurrentdb: 'given' });
  });

  it('lets TEST_SERVICES override the probe and rejects other values', () => {
    expect(chooseOrigins({ TEST_SERVICES: 'local' }, true).redis).toBe('local');
    expect(chooseOrigins({ TEST_SERVICES: 'containers' }, false).redis).toBe('container');
    expect(() => chooseOrigins({ TEST_SERVICES: 'docker' }, false)).toThrow('TEST_SERVICES must be "local" or "containers"');
  });
});

describe('the Docker engine probe', () => {
  const servers: Server[] = [];
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

  function engine(status: number): Server {
    const server = createServer((request, response) => {
      response.statusCode = request.url === '/_ping' ? status : 404;
      response.end('OK');
    });
    servers.push(server);
    return server;
  }

  it('answers yes for an engine on a unix socket named by DOCKER_HOST', async () => {
    const socket = join(mkdtempSync(join(tmpdir(), 'pvs-docker-')), 'docker.sock');
    await new Promise<void>((resolve) => engine(200).listen(socket, resolve));
    await expect(dockerEngineAnswers({ DOCKER_HOST: `unix://${socket}` })).resolves.toBe(true);
  });

  it('answers no for a tcp endpoint whose ping fails, and for a socket that does not exist', async () => {
    const failing = engine(500);
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const { port } = failing.address() as AddressInfo;
    await expect(dockerEngineAnswers({ DOCKER_HOST: `tcp://127.0.0.1:${port}` })).resolves.toBe(false);
    await expect(dockerEngineAnswers({ DOCKER_HOST: 'unix:///nonexistent/docker.sock' })).resolves.toBe(false);
  });

  it('answers no for nothing listening', async () => {
    const closed = engine(200);
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    servers.pop();
    await expect(dockerEngineAnswers({ DOCKER_HOST: `tcp://127.0.0.1:${port}` })).resolves.toBe(false);
  });
});
