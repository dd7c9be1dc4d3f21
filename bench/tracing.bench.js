// What tracing costs: the embedded verify and status figures again, with tracing on (every span exported over
// OTLP/HTTP to a local collector that accepts and drops them), beside the untraced figures of the same run.
const { createServer } = require('node:http');
const { benchVerifyAndStatus } = require('./embedded-http.bench');
const { runAlone } = require('./method');
const { startService } = require('./service-process');

/** An OTLP/HTTP endpoint that answers every export 200 and keeps nothing: the collector's cost is not ours. */
async function startSink() {
  let exports = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      exports++;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { endpoint: `http://127.0.0.1:${server.address().port}`, exports: () => exports, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function benchTracing({ runs = 3, warmUpS = 5, durationS = Number(process.env.BENCH_DURATION_S ?? 10) } = {}) {
  const sink = await startSink();
  const service = await startService({ OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint, OTEL_SERVICE_NAME: 'pvs-bench' });
  try {
    const result = await benchVerifyAndStatus(service, 'embedded_traced', { runs, warmUpS, durationS });
    if (sink.exports() === 0) throw new Error('tracing was on, yet nothing was exported');
    return result;
  } finally {
    await service.stop();
    await sink.close();
  }
}

module.exports = { benchTracing };

if (require.main === module) runAlone(() => benchTracing());
