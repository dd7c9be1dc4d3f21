import { CanActivate, ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { FastifyReply } from 'fastify';
import { CredentialKind, TENANT_DIRECTORY, TenantDirectory, parseCredential } from '@pvs/tenants';
import { AuthenticatedRequest } from './authenticated-request';
import { FORWARDER_REGISTRY, ForwarderRegistry } from '../forwarders/forwarder-registry';
import { AuthenticationAttempts } from './authentication-attempts';

export const INGEST_CREDENTIAL_REFUSED = 'Missing or invalid API key, gateway secret or forwarder key';
/**
 * Sent with every 401 of SMS ingest: Twilio first posts without the credentials of its URL, and sends them only when
 * the answer asks for Basic auth in WWW-Authenticate.
 */
export const BASIC_AUTH_CHALLENGE = 'Basic realm="sms-ingest", charset="UTF-8"';

/**
 * SMS ingest takes the API key (X-Api-Key) or, for forwarder apps, the gateway secret or the phone's own forwarder
 * key (`pvsfw_…`): in X-Gateway-Secret (or X-Forwarder-Key), or as the password of HTTP Basic auth for services that
 * cannot set headers but can put credentials in the URL (Twilio: https://any:<secret>@host/…). A forwarder key also
 * names its phone, as X-Forwarder-Id would.
 */
@Injectable()
export class SmsIngestCredentialGuard implements CanActivate {
  constructor(
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
    @Inject(FORWARDER_REGISTRY) private readonly forwarders: ForwarderRegistry,
    private readonly attempts: AuthenticationAttempts,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const apiKey = request.headers['x-api-key'];
    const gatewaySecret = request.headers['x-gateway-secret'] ?? basicAuthCredentials(request.headers.authorization)?.password;
    const forwarderKey = request.headers['x-forwarder-key'] ?? (typeof gatewaySecret === 'string' && gatewaySecret.trim().startsWith('pvsfw_') ? gatewaySecret : undefined);
    if (typeof apiKey !== 'string' && typeof forwarderKey === 'string') return this.asForwarder(context, request, forwarderKey.trim());
    const credential: { kind: CredentialKind; value: string } | null =
      typeof apiKey === 'string'
        ? { kind: 'pvs', value: apiKey.trim() }
        : typeof gatewaySecret === 'string'
          ? { kind: 'pvsgw', value: gatewaySecret.trim() }
          : null;
    const presented = credential && { keyId: parseCredential(credential.kind, credential.value)?.keyId ?? null };
    const tenant = await this.attempts.attempt(context, presented, async () => credential && this.tenants.authenticate(credential.kind, credential.value));
    if (!tenant) throw refusal(context);
    request.tenant = tenant;
    return true;
  }

  private async asForwarder(context: ExecutionContext, request: AuthenticatedRequest, key: string): Promise<boolean> {
    const presented = { keyId: parseCredential('pvsfw', key)?.keyId ?? null };
    const found = await this.attempts.attempt(context, presented, async () => {
      const forwarder = await this.forwarders.authenticate(key);
      const tenant = forwarder && (await this.tenants.find(forwarder.tenantId));
      return forwarder && tenant ? { forwarder, tenant } : null;
    });
    if (!found) throw refusal(context);
    request.tenant = found.tenant;
    request.forwarderName = found.forwarder.device;
    return true;
  }
}

function refusal(context: ExecutionContext): UnauthorizedException {
  context.switchToHttp().getResponse<FastifyReply>().header('www-authenticate', BASIC_AUTH_CHALLENGE);
  return new UnauthorizedException(INGEST_CREDENTIAL_REFUSED);
}

/** The user name and password of HTTP Basic auth, when the header carries them. */
export function basicAuthCredentials(header: string | undefined): { readonly user: string; readonly password: string } | undefined {
  const encoded = header && /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header)?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
