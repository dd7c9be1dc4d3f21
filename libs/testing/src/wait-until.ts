export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `condition` every 20 ms until it holds; fails after `timeoutMs`. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/** Reads until `done` holds of what was read, every 20 ms, and returns it; fails after `timeoutMs` with the last reading. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in time: ${JSON.stringify(value)}`);
    await sleep(20);
  }
}

const HOUR_MS = 3_600_000;

/**
 * Waits, when less than `marginMs` is left of the current UTC hour, for the next one: a test that counts SMS "in
 * the current hour" then records and reads them in the same hour.
 */
export async function clearOfHourTurn(marginMs = 20_000): Promise<void> {
  const left = HOUR_MS - (Date.now() % HOUR_MS);
  if (left < marginMs) await sleep(left + 100);
}
