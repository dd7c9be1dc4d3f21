import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { FastifyReply } from 'fastify';
import { CLOCK, Clock, HEALTH_PROBES, HealthProbes } from '@pvs/runtime';

const PROBE_TIMEOUT_MS = 2_000;

type ServiceState = 'ok' | 'down';

/** Public probe (spec 4.4): 200 when database, cache and queue answer, 503 otherwise. */
@Controller('system')
export class HealthHttpController {
  constructor(
    @Inject(HEALTH_PROBES) private readonly probes: HealthProbes,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('health')
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const [database, cache, queue] = await Promise.all([
      probe(this.probes.database),
      probe(this.probes.cache),
      probe(this.probes.queue),
    ]);
    const healthy = database === 'ok' && cache === 'ok' && queue === 'ok';
    reply.status(healthy ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    reply.header('cache-control', 'no-store');
    return {
      status: healthy ? 'healthy' : 'degraded',
      timestamp: this.clock.now().toISOString(),
      services: { database, cache, queue },
    };
  }
}

async function probe(check: () => Promise<void>): Promise<ServiceState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
