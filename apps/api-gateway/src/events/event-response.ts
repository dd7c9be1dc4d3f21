import { RecordedEvent } from '@pvs/event-store';

/** A recorded event as the operators' API shows it: its data in its type's current shape, its metadata as stored (amounts in paisa). */
export function eventResponse(event: RecordedEvent) {
  return {
    id: event.id,
    stream: event.streamName,
    stream_version: event.streamVersion,
    type: event.type,
    checkpoint: event.checkpoint,
    recorded_at: event.recordedAt.toISOString(),
    data: event.data,
    metadata: event.metadata,
  };
}

export type EventResponse = ReturnType<typeof eventResponse>;
