const MINUTE_MS = 60_000;

/** Per tenant, per endpoint (spec 8); status polling is ours to choose: 20 checkouts polling every 3 s. */
export const RATE_LIMITS = {
  verify: { limit: 60, ttl: MINUTE_MS },
  status: { limit: 400, ttl: MINUTE_MS },
  ingest: { limit: 120, ttl: MINUTE_MS },
} as const;
