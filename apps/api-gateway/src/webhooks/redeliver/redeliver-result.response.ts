import { ApiSchema } from '@nestjs/swagger';
import { CountProperty } from '../../http/openapi/properties';

@ApiSchema({ name: 'RedeliverResult' })
export class RedeliverResultResponse {
  @CountProperty() readonly redelivered!: number;

  static of(redelivered: number): RedeliverResultResponse {
    return { redelivered };
  }
}
