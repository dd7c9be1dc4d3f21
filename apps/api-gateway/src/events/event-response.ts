import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { EventMetadata, RecordedEvent } from '@pvs/event-store';
import { DateTimeProperty, IntegerProperty, JsonObjectProperty, TextProperty, UuidProperty } from '@pvs/contracts/http';

/** A recorded event as the operators' API shows it: its data in its type's current shape, its metadata as stored (amounts in paisa). */
@ApiSchema({
  name: 'RecordedEvent',
  description: 'A stored event, its data in the current shape of its type (amounts in paisa); metadata.schemaVersion is the version it was recorded at (none: 1)',
})
export class EventResponse {
  @UuidProperty() readonly id!: string;
  @TextProperty() readonly stream!: string;
  @IntegerProperty({ minimum: 1 }) readonly stream_version!: number;
  @TextProperty() readonly type!: string;
  @TextProperty({ description: 'position in the global log; pass it back as `after`' }) readonly checkpoint!: string;
  @DateTimeProperty() readonly recorded_at!: string;
  @JsonObjectProperty() readonly data!: unknown;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    properties: {
      correlationId: { type: 'string' },
      tenantId: { type: 'string' },
      causationId: { type: 'string' },
      schemaVersion: { type: 'integer', minimum: 1 },
    },
  })
  readonly metadata!: EventMetadata;

  static of(event: RecordedEvent): EventResponse {
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
}
