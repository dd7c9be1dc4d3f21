import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { Summary } from '../http/openapi/api-docs';
import { CLOCK, Clock, HEALTH_PROBES, HealthProbes } from '@pvs/runtime';
import { HealthResponse, ServiceState } from './health.response';

const PROBE_TIMEOUT_MS = 2_000;

/** Public probe (spec 4.4): 200 when database, cache and queue answer, 503 otherwise. */
@Controller('system')
export class HealthHttpController {
  constructor(
    @Inject(HEALTH_PROBES) private readonly probes: HealthProbes,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('health')
  @ApiTags('monitoring')
  @ApiSecurity({})
  @Summary('Database, cache and queue state; no credential')
  @ApiResponse({ status: 200, description: 'Healthy', type: HealthResponse })
  @ApiResponse({ status: 503, description: 'Degraded: at least one service is down', type: HealthResponse })
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const [database, cache, queue] = await Promise.all([
      probe(this.probes.database),
      probe(this.probes.cache),
      probe(this.probes.queue),
    ]);
    const health = HealthResponse.of({ database, cache, queue }, this.clock.now());
    reply.status(health.status === 'healthy' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    reply.header('cache-control', 'no-store');
    return health;
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
