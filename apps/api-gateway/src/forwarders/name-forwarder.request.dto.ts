import { ApiProperty } from '@nestjs/swagger';
import { PlainText, plainTextPattern } from '../http/plain-text';

export class NameForwarderRequest {
  @ApiProperty({ minLength: 1, pattern: plainTextPattern('name', 1, 120), description: 'What operators call the phone ("Shop counter"); at most 120 characters once trimmed' })
  @PlainText('name', 1, 120)
  name!: string;
}
