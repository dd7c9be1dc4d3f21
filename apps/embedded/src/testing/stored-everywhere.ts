import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { READ_MODEL_DATABASE } from '@pvs/runtime';
import { SqlClient } from '@pvs/sql';
import { TestService } from './test-service';

/** Everything a service has stored or said: each as bytes, with where it came from. */
export interface StoredEverywhere {
  readonly places: readonly { readonly place: string; readonly bytes: Buffer }[];
  readonly size: number;
}

/** Every way a text could show in stored bytes: as written, in capitals or small letters, digits only, as UTF-16, in base64. */
export function traces(text: string): string[] {
  const variants = [text, text.toLowerCase(), text.toUpperCase(), text.replace(/\D/g, '')].filter((variant) => variant.length >= 6);
  return [...new Set([...variants, ...variants.map((variant) => Buffer.from(variant).toString('base64').slice(0, -4))])];
}

/** The places whose bytes hold the text in any of its traces (UTF-8 or UTF-16). */
export function placesHolding(stored: StoredEverywhere, text: string): string[] {
  const needles = traces(text).flatMap((trace) => [Buffer.from(trace, 'utf8'), Buffer.from(trace, 'utf16le')]);
  return stored.places.filter(({ bytes }) => needles.some((needle) => bytes.includes(needle))).map(({ place }) => place);
}

/**
 * A dump of every table of the service's database, the files of its data folder (PGlite's own; PostgreSQL's
 * database directory, after a checkpoint) and the lines it logged. `files: false` leaves the files out: where rows
 * were rewritten in place, their old versions stay in the files until the space is reused.
 */
export async function storedEverywhere(service: TestService, logs: string, dataDir: string | null, { files = true } = {}): Promise<StoredEverywhere> {
  const sql = service.app.get<SqlClient>(READ_MODEL_DATABASE);
  const tables = await sql.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`);
  const places = [];
  for (const { name } of tables) places.push({ place: `table ${name}`, bytes: Buffer.from(JSON.stringify(await sql.query(`SELECT * FROM ${name}`))) });
  places.push({ place: 'logs', bytes: Buffer.from(logs) });
  if (files) {
    await sql.query('CHECKPOINT');
    const folder = dataDir ?? (await postgresDatabaseFolder(sql));
    if (folder) for (const file of filesUnder(folder)) places.push({ place: `file ${file}`, bytes: readFileSync(file) });
  }
  return { places, size: places.reduce((sum, { bytes }) => sum + bytes.length, 0) };
}

/** The test database's own folder on the PostgreSQL server, when this machine can read it. */
async function postgresDatabaseFolder(sql: SqlClient): Promise<string | null> {
  const [row] = await sql.query<{ folder: string }>(`SELECT current_setting('data_directory') || '/base/' || oid AS folder FROM pg_database WHERE datname = current_database()`);
  try {
    statSync(row.folder);
    return row.folder;
  } catch {
    return null;
  }
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}
