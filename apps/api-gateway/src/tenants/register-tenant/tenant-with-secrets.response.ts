import { ApiSchema } from '@nestjs/swagger';
import { TextProperty } from '@pvs/contracts/http';
import { TenantResponse } from '../tenant.response';
import { RegisteredTenant } from './register-tenant.handler';

/** A tenant just registered: its secrets, shown this once. */
@ApiSchema({ name: 'TenantWithSecrets', description: 'The secrets appear in this response only' })
export class TenantWithSecretsResponse extends TenantResponse {
  @TextProperty() readonly api_key!: string;
  @TextProperty() readonly webhook_secret!: string;
  @TextProperty() readonly gateway_secret!: string;

  static ofRegistered({ tenant, secrets }: RegisteredTenant): TenantWithSecretsResponse {
    return { ...TenantResponse.of(tenant), api_key: secrets.apiKey, webhook_secret: secrets.webhookSecret, gateway_secret: secrets.gatewaySecret };
  }
}
