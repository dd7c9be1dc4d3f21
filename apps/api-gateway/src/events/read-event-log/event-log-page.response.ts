import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Checkpoint, RecordedEvent } from '@pvs/event-store';
import { TextProperty } from '@pvs/contracts/http';
import { EventResponse } from '../event-response';

/** Events of the global log and the checkpoint to continue from. */
@ApiSchema({ name: 'EventLogPage' })
export class EventLogPageResponse {
  @ApiProperty({ type: [EventResponse] }) readonly events!: readonly EventResponse[];
  @TextProperty({ nullable: true }) readonly next!: Checkpoint | null;

  /** `next` is the last event's checkpoint, or where the read started when there were none. */
  static of(events: readonly RecordedEvent[], after: Checkpoint | null): EventLogPageResponse {
    return { events: events.map((event) => EventResponse.of(event)), next: events.at(-1)?.checkpoint ?? after };
  }
}
