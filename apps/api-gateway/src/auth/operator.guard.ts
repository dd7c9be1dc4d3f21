import { CanActivate, ExecutionContext, HttpException, HttpStatus, Inject, Injectable, UnauthorizedException, createParamDecorator } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { FastifyReply, FastifyRequest } from 'fastify';
import { THROTTLER_STORAGE } from '@pvs/runtime';
import { hashesEqual, parseCredential, sha256 } from '@pvs/tenants';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway-config';
import { OperatorAccounts } from '../operators/operator-accounts';
import { BOOTSTRAP_ADMIN, Principal } from '@pvs/domain';
import { AuthenticationAttempts } from './authentication-attempts';

const MINUTE_MS = 60_000;

export const OPERATOR_TOKEN_REFUSED = 'Missing or invalid admin token';

interface OperatorRequest extends FastifyRequest {
  principal: Principal;
}

function bearerToken(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
}

/** Whether an Authorization header carries the bootstrap admin token, compared in constant time. */
export function carriesAdminToken(header: string | string[] | undefined, adminTokenHash: string): boolean {
  const token = bearerToken(header);
  return token !== undefined && hashesEqual(sha256(token), adminTokenHash);
}

/** Who signed the request to the operators' API (set by OperatorGuard). */
export const CurrentOperator = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal => context.switchToHttp().getRequest<OperatorRequest>().principal,
);

/**
 * The operators' API takes `Authorization: Bearer <token>`: a named operator's token (`pvsop_…`, see
 * OperatorAccounts), whose name is then recorded on what they decide, or the bootstrap ADMIN_TOKEN (recorded as
 * `admin`), which is how the first operators are created. At most ADMIN_RATE_LIMIT requests a minute per client
 * address (each gateway process's own count while Redis is down); wrong tokens count as failed authentications.
 */
@Injectable()
export class OperatorGuard implements CanActivate {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(THROTTLER_STORAGE) private readonly counters: ThrottlerStorage,
    private readonly attempts: AuthenticationAttempts,
    private readonly operators: OperatorAccounts,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<OperatorRequest>();
    const limit = this.config.adminRateLimit;
    const counted = await this.counters.increment(`admin:${request.ip}`, MINUTE_MS, limit, MINUTE_MS, 'admin');
    if (counted.isBlocked) {
      http.getResponse<FastifyReply>().header('retry-after', String(counted.timeToBlockExpire));
      throw new HttpException(`Rate limit exceeded: ${limit} admin requests a minute; retry after ${counted.timeToBlockExpire} s`, HttpStatus.TOO_MANY_REQUESTS);
    }
    const token = bearerToken(request.headers.authorization);
    const presented = request.headers.authorization === undefined ? null : { keyId: token ? (parseCredential('pvsop', token)?.keyId ?? null) : null };
    const principal = await this.attempts.attempt(context, presented, async () => (token === undefined ? null : this.principalOf(token)));
    if (!principal) throw new UnauthorizedException(OPERATOR_TOKEN_REFUSED);
    request.principal = principal;
    return true;
  }

  private async principalOf(token: string): Promise<Principal | null> {
    if (hashesEqual(sha256(token), this.config.adminTokenHash)) return BOOTSTRAP_ADMIN;
    const operator = await this.operators.authenticate(token);
    return operator && { id: operator.id, name: operator.name };
  }
}
