import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestService, startTestService } from '@pvs/embedded/testing';

const ROOT = join(__dirname, '../..');

describe('the merchant client as a package', () => {
  let service: TestService;
  let tarball: string;

  beforeAll(async () => {
    service = await startTestService();
    tarball = execFileSync(process.execPath, [join(ROOT, 'tools/client/pack.js')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] }).toString().trim();
  }, 120_000);

  afterAll(() => service.close());

  it('packs compiled JavaScript, its types, the README and the example: no TypeScript source, nothing of the service', () => {
    const files = execFileSync('tar', ['-tzf', tarball]).toString().trim().split('\n');
    expect(files).toEqual(expect.arrayContaining(['package/package.json', 'package/README.md', 'package/dist/index.js', 'package/dist/index.d.ts', 'package/examples/checkout.js']));
    expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
    expect(statSync(tarball).size).toBeLessThan(50_000);
  });

  it('installs into an empty folder with npm and runs its example against the service: the payment verifies', async () => {
    const shop = await service.createTenant();
    const folder = mkdtempSync(join(tmpdir(), 'pvs-merchant-'));
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', tarball], { cwd: folder, stdio: 'pipe' });
    const reference = `7${Date.now().toString().slice(-11)}`;
    // Run apart, while this process serves it.
    const { stdout } = await promisify(execFile)(process.execPath, [join(folder, 'node_modules/@pvs/client/examples/checkout.js'), reference, '2350'], {
      cwd: folder,
      env: { ...process.env, PVS_BASE_URL: service.baseUrl, PVS_API_KEY: shop.apiKey },
    });
    expect(stdout.trim()).toBe('verified');
  }, 120_000);
});
