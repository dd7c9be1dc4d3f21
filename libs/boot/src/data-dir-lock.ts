import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';
import { DatabaseInUseError, EmbeddedLock } from './embedded-lock';

interface Holder {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
}

/** The lock files this process holds: a second start in this same process is refused too. */
const heldHere = new Set<string>();

/**
 * Takes `<dir>.lock`, created exclusively (`wx`) with this process's pid in it. A lock file whose process is gone
 * (a crash, a killed container) is taken over.
 */
export function lockDataDir(dir: string): EmbeddedLock {
  const file = resolve(`${dir}.lock`);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  // A few tries: another process may take the place of a stale file first.
  for (let tries = 3; tries > 0; tries--) {
    const ours = createExclusively(file);
    if (ours !== undefined) return held(file, ours);
    const found = readLockFile(file);
    if (found !== undefined && isAlive(file, found)) throw inUse(dir, file, found);
    if (found !== undefined) removeStale(file, found);
  }
  throw inUse(dir, file, readLockFile(file));
}

function held(file: string, content: string): EmbeddedLock {
  heldHere.add(file);
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      heldHere.delete(file);
      // Only the file this process wrote: never one that took its place.
      if (readLockFile(file) === content) unlinkSync(file);
    },
  };
}

/** The content written, or undefined when the file exists already. */
function createExclusively(file: string): string | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'wx', 0o600);
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return undefined;
    throw error;
  }
  const content = JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() } satisfies Holder);
  try {
    writeSync(descriptor, content);
    return content;
  } catch (error) {
    unlinkSync(file);
    throw error;
  } finally {
    closeSync(descriptor);
  }
}

function readLockFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

function holderIn(content: string): Holder | undefined {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || !('pid' in value) || !('host' in value) || !('since' in value)) return undefined;
  const { pid, host, since } = value;
  if (typeof pid !== 'number' || !Number.isSafeInteger(pid) || pid <= 0 || typeof host !== 'string' || typeof since !== 'string') return undefined;
  return { pid, host, since };
}

function isAlive(file: string, content: string): boolean {
  const holder = holderIn(content);
  // A file that cannot be read is not known to be stale: it stays, and the message says to delete it.
  if (holder === undefined) return true;
  // This very process, not holding it: an earlier process had the same pid (a container's pid 1).
  if (holder.pid === process.pid) return heldHere.has(file);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

/** Removes the stale lock file read as `content`, and nothing else: a fresh one that took its place is put back. */
function removeStale(file: string, content: string): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  if (readLockFile(aside) !== content) {
    try {
      linkSync(aside, file);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
  }
  unlinkSync(aside);
}

function inUse(dir: string, file: string, content: string | undefined): DatabaseInUseError {
  const holder = content === undefined ? undefined : holderIn(content);
  const named =
    holder !== undefined
      ? `pid ${holder.pid} on ${holder.host}, since ${holder.since}; lock file ${file}`
      : content === undefined
        ? `lock file ${file}, which kept changing hands: start again`
        : `lock file ${file}, unreadable: delete it if no service runs on this data`;
  return new DatabaseInUseError('DATA_DIR', `holds the PGlite data ${dir}`, named);
}

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}
