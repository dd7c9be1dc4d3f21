import { InProcessServer } from './in-process.server';
import { busContract } from '../testing/bus.contract';
import { inProcessTransport } from './in-process-transport';

busContract('in-process transport', async (policy) => {
  const transport = inProcessTransport(policy);
  if (!(transport.server instanceof InProcessServer)) throw new Error('the in-process transport runs its own server');
  const { broker } = transport.server;
  return {
    transport,
    failuresGoBack: true,
    deadLetters: async () => broker.deadLetters.map((letter) => ({ id: letter.message.id, reason: letter.reason })),
    dispose: () => transport.close(),
  };
});

describe('the in-process transport', () => {
  it('fails its health probe and refuses to publish once closed', async () => {
    const transport = inProcessTransport();
    await transport.close();
    await expect(transport.ping()).rejects.toThrow('The message bus is closed');
  });

  it('hands a failure back to the publisher by default: its outbox tries again', () => {
    expect(inProcessTransport().policy).toEqual({ maxAttempts: 1, retryDelayMs: 0 });
  });
});
