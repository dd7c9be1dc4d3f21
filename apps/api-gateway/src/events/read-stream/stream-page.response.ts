import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { RecordedEvent } from '@pvs/event-store';
import { IntegerProperty, TextProperty } from '@pvs/contracts/http';
import { EventResponse } from '../event-response';

/** A page of one stream's events, in version order. */
@ApiSchema({ name: 'StreamPage' })
export class StreamPageResponse {
  @TextProperty() readonly stream!: string;
  @ApiProperty({ type: [EventResponse] }) readonly events!: readonly EventResponse[];
  @IntegerProperty({ nullable: true, description: 'from_version of the next page; null at the end' }) readonly next_version!: number | null;

  static of(stream: string, page: readonly RecordedEvent[], nextVersion: number | null): StreamPageResponse {
    return { stream, events: page.map((event) => EventResponse.of(event)), next_version: nextVersion };
  }
}
