// Distributed mode: the four processes on the local PostgreSQL, Kafka and Redis (`npm run services:up`).
// Verify and status throughput (autocannon, 50 connections); SMS ingest to webhook received at a
// steady 50 ingests/s, and the highest rate whose p99 stays under 100 ms; each process's peak RSS.
const { benchE2e } = require('./e2e.bench');
const { benchVerifyAndStatus } = require('./embedded-http.bench');
const { runAlone } = require('./method');
const { startDistributed } = require('./service-process');

async function benchDistributed({ runs = 3, warmUpS = 5, durationS = 10, e2eDurationS = 20, stepDurationS = 10, stepBudgetS = 240 } = {}) {
  const service = await startDistributed();
  try {
    const http = await benchVerifyAndStatus(service, 'distributed', { runs, warmUpS, durationS });
    const e2e = await benchE2e(service, 'distributed', { runs, warmUpS, durationS: e2eDurationS, stepDurationS, stepBudgetS });
    const rss = Object.fromEntries(Object.entries(service.peakRssMb()).map(([app, mb]) => [`rss_mb_${app.replace('-', '_')}`, mb]));
    return {
      runs: http.runs.map((figures, i) => ({ ...figures, ...e2e.runs[i] })),
      once: { ...e2e.once, ...rss },
      notes: [...http.notes, ...e2e.notes],
    };
  } finally {
    await service.stop();
  }
}

module.exports = { benchDistributed };

if (require.main === module) runAlone(() => benchDistributed());
