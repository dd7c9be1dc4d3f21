import { Clock } from '@pvs/runtime';

/** A clock the test moves forward; the service reads it for every time it records. */
export function movableClock(): Clock & { advance(ms: number): void } {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms) => void (offset += ms) };
}
