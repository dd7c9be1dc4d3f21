import { ForwarderStatus } from '@pvs/contracts';

/** The answer to a heartbeat: what was recorded, for which forwarder. */
export function heartbeatResponse(heartbeat: ForwarderStatus, forwarderId: string) {
  return { heartbeat, forwarder_id: forwarderId };
}

export type HeartbeatResponse = ReturnType<typeof heartbeatResponse>;
