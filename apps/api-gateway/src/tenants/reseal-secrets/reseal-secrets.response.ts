import { ApiSchema } from '@nestjs/swagger';
import { CountProperty, TextProperty } from '@pvs/contracts/http';
import { ResealOutcome } from './reseal-secrets.handler';

/** What a reseal sealed again, and under which key. */
@ApiSchema({ name: 'ResealResult' })
export class ResealSecretsResponse {
  @TextProperty({ description: 'Fingerprint of the key every secret is now sealed under' }) readonly key!: string;
  @CountProperty() readonly resealed!: number;
  @CountProperty() readonly unchanged!: number;
  @CountProperty({ description: 'Payer data keys sealed again under it (the data they seal is not rewritten)' }) readonly payer_data_keys!: number;

  static of(outcome: ResealOutcome): ResealSecretsResponse {
    return { key: outcome.key, resealed: outcome.resealed, unchanged: outcome.unchanged, payer_data_keys: outcome.payerDataKeys };
  }
}
