import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ChoiceProperty, DateTimeProperty } from '@pvs/contracts/http';

const SERVICE_STATES = ['ok', 'down'] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];
const HEALTH_STATUSES = ['healthy', 'degraded'] as const;

/** Whether each service the gateway needs answered its probe. */
@ApiSchema({ name: 'HealthServices' })
export class HealthServicesResponse {
  @ChoiceProperty(SERVICE_STATES) readonly database!: ServiceState;
  @ChoiceProperty(SERVICE_STATES) readonly cache!: ServiceState;
  @ChoiceProperty(SERVICE_STATES) readonly queue!: ServiceState;
}

/** The public probe's answer (spec 4.4): healthy when every service is ok. */
@ApiSchema({ name: 'Health' })
export class HealthResponse {
  @ChoiceProperty(HEALTH_STATUSES) readonly status!: (typeof HEALTH_STATUSES)[number];
  @DateTimeProperty() readonly timestamp!: string;
  @ApiProperty({ type: HealthServicesResponse }) readonly services!: HealthServicesResponse;

  static of(services: HealthServicesResponse, at: Date): HealthResponse {
    const healthy = services.database === 'ok' && services.cache === 'ok' && services.queue === 'ok';
    return { status: healthy ? 'healthy' : 'degraded', timestamp: at.toISOString(), services };
  }
}
