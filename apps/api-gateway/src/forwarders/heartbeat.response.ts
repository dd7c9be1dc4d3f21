import { ApiSchema } from '@nestjs/swagger';
import { FORWARDER_STATUSES, ForwarderStatus } from '@pvs/contracts';
import { ChoiceProperty, UuidProperty } from '@pvs/contracts/http';

/** The answer to a heartbeat: what was recorded, for which forwarder. */
@ApiSchema({ name: 'HeartbeatRecorded' })
export class HeartbeatResponse {
  @ChoiceProperty(FORWARDER_STATUSES) readonly heartbeat!: ForwarderStatus;
  @UuidProperty() readonly forwarder_id!: string;

  static of(heartbeat: ForwarderStatus, forwarderId: string): HeartbeatResponse {
    return { heartbeat, forwarder_id: forwarderId };
  }
}
