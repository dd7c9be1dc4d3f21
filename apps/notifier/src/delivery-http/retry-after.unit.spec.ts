import { parseRetryAfter } from './retry-after';

const now = Date.parse('2026-03-01T12:00:00Z');

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP-date as the seconds from now, rounded up and never negative', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:00 GMT', now + 500)).toBe(0);
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:01 GMT', now + 500)).toBe(1);
    expect(parseRetryAfter('Sat, 28 Feb 2026 12:00:00 GMT', now)).toBe(0);
  });

  it('is null when absent or invalid', () => {
    for (const invalid of [undefined, '', 'soon', '-5', '1.5', '2026-03-01T12:01:30Z', 'Sun, 01 Mar 2026 12:01:30', 'Sun, 32 Mar 2026 12:01:30 GMT']) {
      expect([invalid, parseRetryAfter(invalid, now)]).toEqual([invalid, null]);
    }
  });
});
