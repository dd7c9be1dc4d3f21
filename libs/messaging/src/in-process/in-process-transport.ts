import { BusTransport, DeliveryPolicy } from '../bus-transport';
import { InProcessBroker } from './in-process-broker';
import { InProcessClient } from './in-process.client';
import { InProcessServer } from './in-process.server';

/** Failures go back to the publisher, whose outbox (the event store) tries again: no retries of its own. */
const DEFAULT_POLICY: DeliveryPolicy = { maxAttempts: 1, retryDelayMs: 0 };

export function inProcessTransport(policy: DeliveryPolicy = DEFAULT_POLICY): BusTransport {
  const broker = new InProcessBroker();
  const client = new InProcessClient(broker);
  return {
    server: new InProcessServer(broker),
    client,
    policy,
    ping: () => broker.ping(),
    async close() {
      client.close();
    },
  };
}
