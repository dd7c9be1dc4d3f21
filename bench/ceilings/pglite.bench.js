// Ceiling for the embedded figures: PGlite in this process, persisted in a fresh data folder, one
// statement at a time (as PGlite runs them) for a fixed time: INSERTs of a ~300-byte JSONB row, then
// SELECTs of one row by primary key.
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { PGlite } = require('@electric-sql/pglite');
const { afterWarmUp, runAlone } = require('../method');
const { ROW } = require('./row');

/** How many times `statement()` completes, one after another, in `durationS`, per second. */
async function perSecond(durationS, statement) {
  let done = 0;
  const started = performance.now();
  const end = started + durationS * 1000;
  while (performance.now() < end) {
    await statement();
    done++;
  }
  return Math.round(done / ((performance.now() - started) / 1000));
}

async function benchPgliteCeiling({ runs = 3, warmUpS = 5, durationS = 10 } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pvs-ceiling-pglite-'));
  const db = await PGlite.create({ dataDir });
  try {
    await db.exec('CREATE TABLE ceiling_rows (id bigserial PRIMARY KEY, body jsonb NOT NULL)');
    let rows = 0;
    const insert = async () => {
      await db.query('INSERT INTO ceiling_rows (body) VALUES ($1)', [ROW]);
      rows++;
    };
    const select = () => db.query('SELECT body FROM ceiling_rows WHERE id = $1', [1 + Math.floor(Math.random() * rows)]);
    const once = async (seconds) => ({
      ceiling_pglite_insert_per_s: await perSecond(seconds, insert),
      ceiling_pglite_select_per_s: await perSecond(seconds, select),
    });
    return { runs: await afterWarmUp(runs, () => once(warmUpS), () => once(durationS)) };
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

module.exports = { benchPgliteCeiling };

if (require.main === module) runAlone(() => benchPgliteCeiling());
