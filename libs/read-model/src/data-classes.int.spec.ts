import { migrate } from '@pvs/sql';
import { PgliteClient } from '@pvs/sql/pglite';
import { READ_MODEL_DATA_CLASSES } from './data-classes';
import { readModelMigrations } from './schema';

describe('the classification of the read model', () => {
  it('classifies every column of every table the migrations make, and no column they do not', async () => {
    const sql = await PgliteClient.open();
    try {
      await migrate(sql, readModelMigrations);
      const rows = await sql.query<{ table_name: string; column_name: string }>(
        `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name LIKE 'rm\\_%' ORDER BY 1, 2`,
      );
      const migrated = rows.map((row) => `${row.table_name}.${row.column_name}`);
      const declared = Object.entries(READ_MODEL_DATA_CLASSES).flatMap(([table, columns]) => Object.keys(columns).map((column) => `${table}.${column}`));
      expect(migrated.length).toBeGreaterThan(100);
      expect(declared.sort()).toEqual(migrated);
    } finally {
      await sql.close();
    }
  });
});
