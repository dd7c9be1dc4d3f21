// Ceiling for the HTTP figures: a bare Fastify route (the service's Fastify version) in a child
// process, under the same autocannon load as the service (50 connections).
const { fork } = require('node:child_process');
const { join } = require('node:path');
const { load } = require('../http-load');
const { afterWarmUp, runAlone } = require('../method');

async function benchFastifyCeiling({ runs = 3, warmUpS = 5, durationS = 10 } = {}) {
  const server = fork(join(__dirname, 'fastify-server.js'), { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  try {
    const port = await new Promise((resolve, reject) => {
      server.once('message', resolve);
      server.once('exit', (code) => reject(new Error(`the Fastify server exited with ${code}`)));
    });
    const url = `http://127.0.0.1:${port}/ping`;
    const figures = await afterWarmUp(runs, () => load(warmUpS, { url }), () => load(durationS, { url }));
    return {
      runs: figures.map(({ rps, p50_ms, p99_ms }) => ({ ceiling_fastify_rps: rps, ceiling_fastify_p50_ms: p50_ms, ceiling_fastify_p99_ms: p99_ms })),
    };
  } finally {
    server.kill('SIGTERM');
  }
}

module.exports = { benchFastifyCeiling };

if (require.main === module) runAlone(() => benchFastifyCeiling());
