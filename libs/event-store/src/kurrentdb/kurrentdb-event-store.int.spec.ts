import { eventStoreContract } from '../testing/event-store.contract';
import { KurrentDbEventStore } from './kurrentdb-event-store';

const url = process.env.KURRENTDB_URL;

// No KurrentDB server can be installed on the CI machines: this is the one suite that may skip
// under CI=true. With Docker: `docker compose --profile kurrentdb up -d kurrentdb`, then
// `KURRENTDB_URL='kurrentdb://127.0.0.1:2113?tls=false' npm test -- libs/event-store`.
if (url) {
  eventStoreContract('KurrentDB', async () => {
    const store = KurrentDbEventStore.connect(url);
    return { store, dispose: () => store.close() };
  });
} else {
  console.warn(
    "Skipping the KurrentDB event-store contract suite: set KURRENTDB_URL (e.g. 'kurrentdb://127.0.0.1:2113?tls=false' after `docker compose --profile kurrentdb up -d kurrentdb`).",
  );
  describe.skip('EventStore contract: KurrentDB (KURRENTDB_URL not set)', () => {
    it('runs against a KurrentDB server', () => undefined);
  });
}
