import { Module } from '@nestjs/common';
import { GatewaySharedModule } from '../gateway-shared.module';
import { ListTenantsHttpController } from './list-tenants/list-tenants.http.controller';
import { RegisterTenantHandler } from './register-tenant/register-tenant.handler';
import { RegisterTenantHttpController } from './register-tenant/register-tenant.http.controller';
import { ResealSecretsHandler } from './reseal-secrets/reseal-secrets.handler';
import { ResealSecretsHttpController } from './reseal-secrets/reseal-secrets.http.controller';
import { RotateCredentialHandler } from './rotate-credential/rotate-credential.handler';
import { RotateCredentialHttpController } from './rotate-credential/rotate-credential.http.controller';
import { RotateWebhookSecretHttpController } from './rotate-webhook-secret/rotate-webhook-secret.http.controller';
import { TenantChanges } from './tenant-changes';
import { TwilioAuthTokenHttpController } from './twilio-auth-token/twilio-auth-token.http.controller';
import { UpdateTenantHandler } from './update-tenant/update-tenant.handler';
import { UpdateTenantHttpController } from './update-tenant/update-tenant.http.controller';

/** Operators register, list and update tenants, rotate their credentials and secrets, and reseal the secrets under a new key. */
@Module({
  imports: [GatewaySharedModule],
  controllers: [
    RotateWebhookSecretHttpController,
    RotateCredentialHttpController,
    TwilioAuthTokenHttpController,
    ResealSecretsHttpController,
    RegisterTenantHttpController,
    UpdateTenantHttpController,
    ListTenantsHttpController,
  ],
  providers: [TenantChanges, RotateCredentialHandler, ResealSecretsHandler, RegisterTenantHandler, UpdateTenantHandler],
})
export class TenantsModule {}
