import { ApiSchema } from '@nestjs/swagger';
import { CountProperty } from '@pvs/contracts/http';
import { ReparseSummary } from './reparse-sms.handler';

@ApiSchema({ name: 'ReparseResult' })
export class ReparseResultResponse {
  @CountProperty() readonly examined!: number;
  @CountProperty() readonly recognised!: number;

  static of({ examined, recognised }: ReparseSummary): ReparseResultResponse {
    return { examined, recognised };
  }
}
