import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestService, startTestService } from '@pvs/embedded/testing';
import { merchantDocument } from './merchant-document';

const ROOT = join(__dirname, '../..');
/** `npm run client:types` writes them anew: after a change to the API. */
const RECORDING = process.env.RECORD_CLIENT_TYPES === '1';

/** Each client of the API typed from the document the service serves: the part of it it reads, and where its types are committed. */
const TYPED_CLIENTS = [
  { client: 'the merchant client', part: 'its merchants’ part', generated: 'libs/client/src/generated/openapi.ts', cut: merchantDocument },
  // The operators' CLI calls the operators' and the merchants' endpoints.
  { client: 'the operators’ CLI', part: 'the whole of it', generated: 'apps/cli/src/generated/openapi.ts', cut: (served: unknown) => served },
];

/** What openapi-typescript makes of the document. */
function typesOf(document: unknown): string {
  const folder = mkdtempSync(join(tmpdir(), 'pvs-client-types-'));
  writeFileSync(join(folder, 'openapi.json'), JSON.stringify(document));
  execFileSync(process.execPath, [join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'), join(folder, 'openapi.json'), '--output', join(folder, 'openapi.ts')], { stdio: 'pipe' });
  return readFileSync(join(folder, 'openapi.ts'), 'utf8');
}

describe('the API clients’ types', () => {
  let service: TestService;
  let served: unknown;

  beforeAll(async () => {
    service = await startTestService();
    served = await (await fetch(`${service.baseUrl}/openapi.json`)).json();
  });

  afterAll(() => service.close());

  it.each(TYPED_CLIENTS)(
    'of $client are generated from the OpenAPI document the service serves ($part), as they stand: it cannot drift from the API',
    ({ generated, cut }) => {
      const types = typesOf(cut(served));
      if (RECORDING) writeFileSync(join(ROOT, generated), types);
      expect(readFileSync(join(ROOT, generated), 'utf8')).toBe(types);
    },
    60_000,
  );
});
