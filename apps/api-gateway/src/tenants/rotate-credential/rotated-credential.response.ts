import { ApiSchema } from '@nestjs/swagger';
import { TextProperty } from '@pvs/contracts/http';
import { TenantResponse } from '../tenant.response';
import { RotatedCredential } from './rotate-credential.handler';

/** The tenant and its new API key, shown this once. */
@ApiSchema({ name: 'TenantWithApiKey' })
export class TenantWithApiKeyResponse extends TenantResponse {
  @TextProperty() readonly api_key!: string;

  static ofRotated({ tenant, plaintext }: RotatedCredential): TenantWithApiKeyResponse {
    return { ...TenantResponse.of(tenant), api_key: plaintext };
  }
}

/** The tenant and its new gateway secret, shown this once. */
@ApiSchema({ name: 'TenantWithGatewaySecret' })
export class TenantWithGatewaySecretResponse extends TenantResponse {
  @TextProperty() readonly gateway_secret!: string;

  static ofRotated({ tenant, plaintext }: RotatedCredential): TenantWithGatewaySecretResponse {
    return { ...TenantResponse.of(tenant), gateway_secret: plaintext };
  }
}
