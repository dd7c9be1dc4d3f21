import { ClientProxy, CustomTransportStrategy } from '@nestjs/microservices';

/** The Nest transport of the process, chosen once at boot: Kafka when distributed, in-process when embedded. */
export const BUS_TRANSPORT = Symbol('BUS_TRANSPORT');

/** How often a failing handler is tried, and how long it waits before the next try (times the attempt). */
export interface DeliveryPolicy {
  readonly maxAttempts: number;
  readonly retryDelayMs: number;
}

/** What publishing needs of a Nest client. */
export type BusClient = Pick<ClientProxy, 'emit'>;

export interface BusTransport {
  /** Consumers' side: a Nest microservice server whose @EventPattern handlers get the topics' messages. */
  readonly server: CustomTransportStrategy;
  /** Publishers' side (see publishMessage). */
  readonly client: BusClient;
  readonly policy: DeliveryPolicy;
  /** Throws while the broker is away (the health check's queue probe). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
