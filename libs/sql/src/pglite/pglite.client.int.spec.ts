import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgliteClient } from './pglite.client';

describe('PgliteClient on a data folder', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'pvs-pglite-')), 'pglite');
  });

  afterEach(() => rmSync(join(dataDir, '..'), { recursive: true, force: true }));

  it('creates a new database in the folder, keeps what was written across a reopen, and runs with small shared buffers', async () => {
    const first = await PgliteClient.open(dataDir);
    try {
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
      await first.exec('CREATE TABLE kept (amount_paisa bigint NOT NULL)');
      await first.query('INSERT INTO kept VALUES ($1)', [149_999]);
    } finally {
      await first.close();
    }

    const reopened = await PgliteClient.open(dataDir);
    try {
      expect(await reopened.query('SELECT amount_paisa::text AS amount FROM kept')).toEqual([{ amount: '149999' }]);
      expect(await reopened.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await reopened.close();
    }
  });
});
