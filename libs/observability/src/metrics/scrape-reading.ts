/**
 * One reading per scrape however many gauges share it: prom-client calls each gauge's `collect`, and
 * the gauges of one scrape wait for the same reading.
 */
export function readOncePerScrape(read: () => Promise<void>): () => Promise<void> {
  let reading: Promise<void> | null = null;
  return () => (reading ??= read().finally(() => (reading = null)));
}
