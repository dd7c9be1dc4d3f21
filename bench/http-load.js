// Closed-loop HTTP load with autocannon: 50 connections for a fixed duration. Only 2xx answers count
// as throughput; anything else (a 429, an error, a timeout) is reported apart, never as work done.
const autocannon = require('autocannon');

const CONNECTIONS = 50;

/** What the answers other than 2xx were: "429: 12, errors: 3". */
function describeFailures(result) {
  const statuses = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2')).map(([code, { count }]) => `${code}: ${count}`);
  return [...statuses, result.errors && `errors: ${result.errors}`, result.timeouts && `timeouts: ${result.timeouts}`].filter(Boolean).join(', ');
}

/** `options` are autocannon's (`url`, `requests`…); the figures are requests/s and latency in ms. */
async function load(durationS, options) {
  const result = await new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: durationS, ...options }, (error, done) => (error ? reject(error) : resolve(done)));
  });
  return {
    rps: Math.round(result['2xx'] / result.duration),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    failedBy: describeFailures(result),
  };
}

/** `next(n)` gives the n-th request's changes (`path`, `headers`, `body`) to a `method` request on `url`. */
function loadEach(durationS, url, method, next) {
  let n = 0;
  return load(durationS, { url, requests: [{ method, setupRequest: (request) => ({ ...request, ...next(n++) }) }] });
}

module.exports = { load, loadEach };
