// A bare Fastify route answering a small JSON body, in its own process: the most requests per second
// any Fastify service can answer on this machine. Sends its port to the parent once listening.
const fastify = require('fastify')({ logger: false });

fastify.get('/ping', async () => ({ success: true, data: { status: 'pending', amount_expected: 2350 } }));
fastify.listen({ port: 0, host: '127.0.0.1' }).then(() => process.send(fastify.server.address().port));
