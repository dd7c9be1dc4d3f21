import { ExecutionContext, HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { FAILED_ATTEMPTS, FailedAttempts } from '@pvs/runtime';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway-config';

/** What a request presented as its credential: nothing, or a credential (with its key id when it has one). */
export type Presented = null | { readonly keyId: string | null };

/**
 * Wrong credentials, counted per client address and per key id: past AUTH_FAILURE_LIMIT in a minute, the address or
 * key id is answered 429 with Retry-After for the block time, whatever it presents, so guessing stops. A request that
 * presents nothing is not a guess and is not counted. When the counters' store (Redis) is down, credentials are still
 * checked, only not counted: a merchant's payments matter more than a limit, and health reports the outage.
 */
@Injectable()
export class AuthenticationAttempts {
  private readonly logger = new Logger('AuthenticationAttempts');

  constructor(
    @Inject(FAILED_ATTEMPTS) private readonly failed: FailedAttempts,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** `authenticate`'s answer, unless the address or key id is blocked; a refused credential counts against both. */
  async attempt<T>(context: ExecutionContext, presented: Presented, authenticate: () => Promise<T | null>): Promise<T | null> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const keys = [`address:${request.ip}`, ...(presented?.keyId ? [`key:${presented.keyId}`] : [])];
    const blockedMs = await this.counted(() => this.failed.blockedFor(keys), 0);
    if (blockedMs > 0) {
      const seconds = Math.ceil(blockedMs / 1000);
      http.getResponse<FastifyReply>().header('retry-after', String(seconds));
      throw new HttpException(`Too many failed authentication attempts; retry after ${seconds} s`, HttpStatus.TOO_MANY_REQUESTS);
    }
    const result = await authenticate();
    if (result === null && presented !== null) await this.counted(() => this.failed.record(keys, this.config.authFailures), undefined);
    return result;
  }

  private async counted<T>(step: () => Promise<T>, otherwise: T): Promise<T> {
    try {
      return await step();
    } catch (error) {
      this.logger.warn(`Failed authentications not counted, their store failed: ${error instanceof Error ? error.message : String(error)}`);
      return otherwise;
    }
  }
}
