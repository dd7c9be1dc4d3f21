import { SmsReceived, isSmsReceived } from '@pvs/contracts';
import { EVENT_STORE, EventStore, RecordedEvent } from '@pvs/event-store';
import { ERASED } from '@pvs/payer-data';
import { TestService } from './test-service';

/** A recorded SMS with its text opened (null once its payer data is erased): what a test checks a body by. */
export interface RecordedSms {
  readonly event: RecordedEvent<SmsReceived>;
  readonly text: string | null;
}

/** Every SMS the service recorded (of one tenant, when given), with its text opened by the service's vault. */
export async function recordedSms(service: TestService, tenantId?: string): Promise<RecordedSms[]> {
  const recorded = await service.app.get<EventStore>(EVENT_STORE).readAll({ filter: { types: ['SmsReceived'] } });
  const received = recorded.filter((event): event is RecordedEvent<SmsReceived> => isSmsReceived(event) && (tenantId === undefined || event.data.tenantId === tenantId));
  const texts = await service.payerData.revealAll(received.map((event) => ({ tenantId: event.data.tenantId, stored: event.data.body })));
  return received.map((event, at) => {
    const text = texts[at];
    return { event, text: text === ERASED ? null : text };
  });
}
