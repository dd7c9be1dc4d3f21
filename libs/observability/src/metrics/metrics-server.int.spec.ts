import { Metrics } from './metrics';
import { MetricsAccess } from './metrics-access';
import { MetricsServer, startMetricsServer } from './metrics-server';

describe("a worker process's /metrics server (node:http on METRICS_PORT)", () => {
  const token = 'metrics-token-0123456789';
  const servers: MetricsServer[] = [];

  afterAll(() => Promise.all(servers.map((server) => server.close())));

  const start = async (access: MetricsAccess) => {
    const metrics = new Metrics();
    metrics.matchDecisions.inc({ decision: 'verified' });
    const server = await startMetricsServer({ port: 0, host: '127.0.0.1', metrics, access });
    servers.push(server);
    return (path: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${server.port}${path}`, init);
  };

  it('serves the registry to the bearer of METRICS_TOKEN only', async () => {
    const get = await start(new MetricsAccess(token, { openWithoutToken: true }));
    for (const authorization of [undefined, 'Bearer not-the-token-at-all', `Bearer ${token.slice(0, -1)}`, token]) {
      const refused = await get('/metrics', { headers: authorization ? { authorization } : {} });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ success: false, message: 'Missing or invalid metrics token' });
    }
    const allowed = await get('/metrics', { headers: { authorization: `Bearer ${token}` } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await allowed.text();
    expect(text).toContain('pvs_match_decisions_total{decision="verified"} 1');
    expect(text).toContain('pvs_process_resident_memory_bytes');
  });

  it('is closed without a token on a public address, saying which setting opens it', async () => {
    const get = await start(new MetricsAccess(undefined, { openWithoutToken: false }));
    const refused = await get('/metrics', { headers: { authorization: 'Bearer anything-at-all-0123' } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ success: false, message: 'Metrics are not served on a public address without METRICS_TOKEN' });
  });

  it('is open without a token on a loopback address, and answers 404 on any other path or method', async () => {
    const get = await start(new MetricsAccess(undefined, { openWithoutToken: true }));
    expect((await get('/metrics?ignored=1')).status).toBe(200);
    expect((await get('/')).status).toBe(404);
    expect((await get('/metrics/x')).status).toBe(404);
    expect((await get('/metrics', { method: 'POST' })).status).toBe(404);
  });
});
