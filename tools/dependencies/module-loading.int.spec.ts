import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { buildOnce } from '../e2e/service-processes';

const ROOT = join(__dirname, '../..');
/** The drivers of the adapters: only a composition root (libs/boot and the apps' main.ts) may load them. */
const ADAPTER_PACKAGES = ['kafkajs', 'ioredis', '@electric-sql/pglite', 'pg', '@kurrent/kurrentdb-client', '@grpc/grpc-js'];

/** The npm packages a fresh Node process has loaded once it required the built modules given. */
function packagesLoadedBy(...modules: string[]): string[] {
  const script = `
    for (const m of ${JSON.stringify(modules)}) require(require('node:path').join(${JSON.stringify(ROOT)}, 'dist', m));
    const loaded = new Set();
    for (const file of Object.keys(require.cache)) {
      const at = file.lastIndexOf('node_modules/');
      if (at < 0) continue;
      const [scope, name] = file.slice(at + 13).split('/');
      loaded.add(scope.startsWith('@') ? scope + '/' + name : scope);
    }
    process.stdout.write(JSON.stringify([...loaded]));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' }));
}

describe('what a module loads', () => {
  beforeAll(() => buildOnce(), 300_000);

  it.each([
    ['a gateway handler (the clock, metrics, the event store port)', 'apps/api-gateway/src/sms/ingest-sms/ingest-sms.handler.js'],
    ['the matcher process manager', 'apps/matcher/src/matching/payment-matcher.js'],
    ['the notifier consumer', 'apps/notifier/src/webhooks/payment-decisions.controller.js'],
    ['the domain and the contracts', 'libs/domain/src/index.js'],
    ['the projections', 'apps/projector/src/payments/payments.projection.js'],
  ])('%s loads no adapter driver', (_what, module) => {
    expect(packagesLoadedBy(module).filter((name) => ADAPTER_PACKAGES.includes(name))).toEqual([]);
  });

  it('the composition root loads them (the check sees them when they are there)', () => {
    expect(packagesLoadedBy('libs/boot/src/index.js')).toEqual(expect.arrayContaining(['kafkajs', 'ioredis', '@electric-sql/pglite', 'pg']));
  });
});
