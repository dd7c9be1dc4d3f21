import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601 } from 'class-validator';
import { FORWARDER_STATUSES, ForwarderStatus } from '@pvs/contracts';
import { OptionalNotNull } from '../http/optional-not-null';

/** A heartbeat from a forwarder whose app sends none of its own (a scheduled task on the phone, say). */
export class HeartbeatRequest {
  @ApiPropertyOptional({ enum: FORWARDER_STATUSES, default: 'online' })
  @OptionalNotNull()
  @IsIn(FORWARDER_STATUSES, { message: `status must be one of: ${FORWARDER_STATUSES.join(', ')}` })
  status?: ForwarderStatus;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    // The validator reads years from 1000 on: a phone's clock set to year 7 says nothing of when it was so.
    pattern: '^[1-9][0-9]{3}-',
    description: 'When the phone was so, as it says (ISO 8601 with a time zone, a year from 1000 on); when we hear it if left out',
  })
  @OptionalNotNull()
  @IsISO8601({ strict: true, strictSeparator: true }, { message: 'at must be an ISO 8601 date-time' })
  at?: string;
}
