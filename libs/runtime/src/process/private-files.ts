import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Files this process creates are readable and writable by its own user only. */
export const PRIVATE_UMASK = 0o077;

/**
 * A data folder only the service's user can read or change: the event store in it holds API-key hashes and
 * encrypted webhook secrets, and whoever can rewrite it can rewrite any fact. Created 0700 when missing; what an
 * older version left readable by others is made private (folders 0700, files 0600); and the process umask makes
 * every file written from now on, by PGlite too, private. Symbolic links are left as they are.
 */
export function keepPrivate(dataDir: string): void {
  process.umask(PRIVATE_UMASK);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const folders = [dataDir];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    chmodSync(folder, 0o700);
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) folders.push(path);
      else if (entry.isFile() && (lstatSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
    }
  }
}
