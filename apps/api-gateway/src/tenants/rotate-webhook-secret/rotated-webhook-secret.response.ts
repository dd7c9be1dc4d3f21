import { ApiSchema } from '@nestjs/swagger';
import { DateTimeProperty, TextProperty, UuidProperty } from '@pvs/contracts/http';

/** A tenant's new webhook signing secret, shown this once, and until when the previous one still signs. */
@ApiSchema({ name: 'RotatedWebhookSecret' })
export class RotatedWebhookSecretResponse {
  @UuidProperty() readonly id!: string;
  @TextProperty() readonly webhook_secret!: string;
  @DateTimeProperty() readonly previous_secret_valid_until!: string;

  static of(tenantId: string, secret: string, previousValidUntil: string): RotatedWebhookSecretResponse {
    return { id: tenantId, webhook_secret: secret, previous_secret_valid_until: previousValidUntil };
  }
}
