import { ConfigError, Env, EnvReader } from './env-reader';

/** Where a distributed process finds the services it shares. */
export interface DistributedServices {
  readonly databaseUrl: string;
  readonly kafkaBrokers: readonly string[];
  readonly redisUrl: string;
  /** Names this process to Kafka (e.g. `api-gateway`). */
  readonly clientId: string;
  /** Prefix of every Kafka topic and consumer group. */
  readonly kafkaNamespace: string;
  /** Set when the event store is KurrentDB (EVENT_STORE=kurrentdb) rather than PostgreSQL. */
  readonly kurrentDbUrl?: string;
}

/** The shared services of a distributed process; every one is required. */
export function loadDistributedServices(env: Env, clientId: string): DistributedServices {
  const read = new EnvReader(env);
  const databaseUrl = read.url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const redisUrl = read.url('REDIS_URL', ['redis:', 'rediss:']);
  const brokers = read.optionalString('KAFKA_BROKERS');
  if (!databaseUrl) throw new ConfigError('DATABASE_URL', 'is required (postgres://…)');
  if (!redisUrl) throw new ConfigError('REDIS_URL', 'is required (redis://…)');
  if (!brokers) throw new ConfigError('KAFKA_BROKERS', 'is required (host:port[,host:port…])');
  const kafkaBrokers = brokers.split(',').map((broker) => broker.trim());
  if (kafkaBrokers.some((broker) => !/^[\w.-]+:\d{1,5}$/.test(broker))) throw new ConfigError('KAFKA_BROKERS', `must be host:port[,host:port…], got "${brokers}"`);
  const kafkaNamespace = read.string('KAFKA_NAMESPACE', '');
  if (!/^[\w.-]*$/.test(kafkaNamespace)) throw new ConfigError('KAFKA_NAMESPACE', 'may hold only letters, digits, ".", "_" and "-"');
  const eventStore = read.string('EVENT_STORE', 'postgres');
  if (eventStore !== 'postgres' && eventStore !== 'kurrentdb') throw new ConfigError('EVENT_STORE', `must be postgres or kurrentdb, got "${eventStore}"`);
  const kurrentDbUrl = read.url('KURRENTDB_URL', ['kurrentdb:', 'kurrentdb+discover:', 'esdb:', 'esdb+discover:']);
  if (eventStore === 'kurrentdb' && !kurrentDbUrl) throw new ConfigError('KURRENTDB_URL', 'is required when EVENT_STORE=kurrentdb');
  return { databaseUrl, redisUrl, kafkaBrokers, clientId, kafkaNamespace, kurrentDbUrl: eventStore === 'kurrentdb' ? kurrentDbUrl : undefined };
}
