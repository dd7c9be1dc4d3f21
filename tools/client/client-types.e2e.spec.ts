import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestService, startTestService } from '@pvs/embedded/testing';
import { merchantDocument } from './merchant-document';

const GENERATED = join(__dirname, '../../libs/client/src/generated/openapi.ts');
/** `npm run client:types` writes them anew: after a change to the API. */
const RECORDING = process.env.RECORD_CLIENT_TYPES === '1';

describe('the merchant client’s types', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService();
  });

  afterAll(() => service.close());

  it('are generated from the OpenAPI document the service serves (its merchants’ part), as they stand: the client cannot drift from the API', async () => {
    const document = merchantDocument(await (await fetch(`${service.baseUrl}/openapi.json`)).json());
    const folder = mkdtempSync(join(tmpdir(), 'pvs-client-types-'));
    writeFileSync(join(folder, 'openapi.json'), JSON.stringify(document));
    execFileSync(process.execPath, [join(__dirname, '../../node_modules/openapi-typescript/bin/cli.js'), join(folder, 'openapi.json'), '--output', join(folder, 'openapi.ts')], { stdio: 'pipe' });
    const generated = readFileSync(join(folder, 'openapi.ts'), 'utf8');
    if (RECORDING) writeFileSync(GENERATED, generated);
    expect(readFileSync(GENERATED, 'utf8')).toBe(generated);
  }, 60_000);
});
