import { ApiSchema } from '@nestjs/swagger';
import { CountProperty } from '@pvs/contracts/http';

@ApiSchema({ name: 'RedeliverResult' })
export class RedeliverResultResponse {
  @CountProperty() readonly redelivered!: number;

  static of(redelivered: number): RedeliverResultResponse {
    return { redelivered };
  }
}
