const DELAY_SECONDS = /^\d+$/;
const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** Seconds to wait from a Retry-After header (delay-seconds or HTTP-date); null when absent or invalid. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | null {
  const trimmed = value?.trim() ?? '';
  if (DELAY_SECONDS.test(trimmed)) return Number(trimmed);
  if (!IMF_FIXDATE.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - nowMs) / 1000));
}
