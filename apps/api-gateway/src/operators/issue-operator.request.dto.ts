import { ApiProperty } from '@nestjs/swagger';
import { PlainText, plainTextPattern } from '../http/plain-text';

export class IssueOperatorRequest {
  @ApiProperty({ minLength: 1, pattern: plainTextPattern('name', 1, 120), description: 'Who the operator is: recorded on what they decide; at most 120 characters once trimmed' })
  @PlainText('name', 1, 120)
  name!: string;
}
