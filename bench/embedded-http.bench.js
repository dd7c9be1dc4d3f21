// Verify (new intents) and status throughput with p50/p99 latency (autocannon, 50 connections),
// against the built service; standalone, the embedded one in its own process as `npm start` runs it.
const { randomBytes } = require('node:crypto');
const { loadEach } = require('./http-load');
const { afterWarmUp, pool, runAlone } = require('./method');
const { startService } = require('./service-process');

const LIMITS_PER_MINUTE = { verify: 60, status: 400 };
// Above what either route reaches here, so that the warm-up itself meets no limit.
const WARM_UP_RPS_GUESS = { verify: 2_000, status: 10_000 };

/**
 * Each run gets fresh tenants, enough that none would pass its per-minute limit at twice `rps` (the
 * highest figure so far): a 429 would be no work done. Any that still happens is reported.
 */
function tenantsFor(route, rps, durationS) {
  return Math.max(100, Math.ceil((rps * durationS * 2) / LIMITS_PER_MINUTE[route]));
}

async function verifyOnce(service, durationS, tenantCount) {
  const keys = (await service.createTenants(tenantCount)).map((tenant) => tenant.api_key);
  const tag = randomBytes(4).toString('hex');
  return loadEach(durationS, `${service.base}/payments/verify`, 'POST', (n) => ({
    headers: { 'content-type': 'application/json', 'x-api-key': keys[n % keys.length] },
    body: JSON.stringify({ gateway: 'wallet_one', transaction_reference: `B${tag}${n}`, amount: 1499.99 }),
  }));
}

/** One payment for each of `tenantCount` new tenants, polled until its status reads back (the projection may lag). */
async function statusTargets(service, tenantCount) {
  const tenants = await service.createTenants(tenantCount);
  const tag = randomBytes(4).toString('hex');
  const payments = [];
  await pool(tenants.length, 8, async (i) => {
    const key = tenants[i].api_key;
    const created = await service.call('POST', '/payments/verify', { gateway: 'bank', transaction_reference: `S${tag}${i}`, amount: 10 }, { 'x-api-key': key });
    payments[i] = { key, uuid: created.body.data.uuid };
  });
  await service.untilReadable(payments);
  return payments;
}

async function statusOnce(service, durationS, tenantCount) {
  const payments = await statusTargets(service, tenantCount);
  return loadEach(durationS, `${service.base}/payments/status`, 'GET', (n) => {
    const { key, uuid } = payments[n % payments.length];
    return { path: `/api/v1/payments/status/${uuid}`, headers: { 'x-api-key': key } };
  });
}

/** Warm-up then `runs` runs of `once(service, durationS, tenants)`; a run's failed answers become a note. */
async function measure(route, once, service, { runs, warmUpS, durationS }, notes) {
  let highestRps = 0;
  const measured = async (seconds, rps) => {
    const figures = await once(service, seconds, tenantsFor(route, rps, seconds));
    highestRps = Math.max(highestRps, figures.rps);
    return figures;
  };
  return afterWarmUp(
    runs,
    () => measured(warmUpS, WARM_UP_RPS_GUESS[route]),
    async (index) => {
      const figures = await measured(durationS, highestRps);
      if (figures.failed > 0) notes.push(`${route}: ${figures.failed} answers other than 2xx in run ${index + 1} (${figures.failedBy}; not counted in the throughput)`);
      return figures;
    },
  );
}

/** `verify_rps_<mode>`, `verify_p50_ms_<mode>`, … for each run. */
function byRun(mode, results) {
  return results.verify.map((verify, i) => {
    const status = results.status[i];
    return {
      [`verify_rps_${mode}`]: verify.rps, [`verify_p50_ms_${mode}`]: verify.p50_ms, [`verify_p99_ms_${mode}`]: verify.p99_ms,
      [`status_rps_${mode}`]: status.rps, [`status_p50_ms_${mode}`]: status.p50_ms, [`status_p99_ms_${mode}`]: status.p99_ms,
    };
  });
}

/** Verify then status on a running service; `afterVerify()` runs between the two (the peak RSS under the verify load). */
async function benchVerifyAndStatus(service, mode, options, afterVerify = () => ({})) {
  const notes = [];
  const verify = await measure('verify', verifyOnce, service, options, notes);
  const once = afterVerify();
  const status = await measure('status', statusOnce, service, options, notes);
  return { runs: byRun(mode, { verify, status }), once, notes: notes.map((note) => `${mode} ${note}`) };
}

async function benchEmbeddedHttp({ runs = 3, warmUpS = 5, durationS = Number(process.env.BENCH_DURATION_S ?? 10) } = {}) {
  const service = await startService();
  try {
    return await benchVerifyAndStatus(service, 'embedded', { runs, warmUpS, durationS }, () => ({ rss_mb_embedded: service.peakRssMb().embedded }));
  } finally {
    await service.stop();
  }
}

module.exports = { benchEmbeddedHttp, benchVerifyAndStatus };

if (require.main === module) runAlone(() => benchEmbeddedHttp());
