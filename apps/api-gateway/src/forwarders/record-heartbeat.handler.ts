import { Inject, Injectable } from '@nestjs/common';
import { Tenant } from '@pvs/domain';
import { CLOCK, Clock } from '@pvs/runtime';
import { ForwardedHeartbeat } from '../sms/ingest-sms/forwarded-sms';
import { FORWARDER_REGISTRY, ForwarderRegistry } from './forwarder-registry';

/** A forwarder app's heartbeat, posted where its SMS are or to `POST /forwarders/heartbeat`: recorded on its forwarder's stream. */
@Injectable()
export class RecordHeartbeatHandler {
  constructor(
    @Inject(FORWARDER_REGISTRY) private readonly forwarders: ForwarderRegistry,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Answers the id of the forwarder it was recorded for. */
  async heartbeat(tenant: Tenant, beat: ForwardedHeartbeat, correlationId: string): Promise<string> {
    const at = beat.at === null ? null : new Date(beat.at);
    return this.forwarders.beat({ tenantId: tenant.id, app: beat.source, device: beat.device, namedBy: beat.namedBy }, beat.heartbeat, at, this.clock.now(), correlationId);
  }
}
