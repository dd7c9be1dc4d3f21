import { eventStoreContract } from '../testing/event-store.contract';
import { KurrentDbEventStore } from './kurrentdb-event-store';

const url = process.env.KURRENTDB_URL;

// No KurrentDB server can be installed on the CI machines: this is the one suite that may skip
// under CI=true. Where a Docker engine answers, the test setup starts one with testcontainers and
// sets KURRENTDB_URL (tools/jest/service-origin.js); or point KURRENTDB_URL at any server.
if (url) {
  eventStoreContract('KurrentDB', async () => {
    const store = KurrentDbEventStore.connect(url);
    return { store, dispose: () => store.close() };
  });
} else {
  console.warn(
    "Skipping the KurrentDB event-store contract suite: no Docker engine answered for testcontainers and KURRENTDB_URL is not set (e.g. 'kurrentdb://127.0.0.1:2113?tls=false').",
  );
  describe.skip('EventStore contract: KurrentDB (KURRENTDB_URL not set)', () => {
    it('runs against a KurrentDB server', () => undefined);
  });
}
