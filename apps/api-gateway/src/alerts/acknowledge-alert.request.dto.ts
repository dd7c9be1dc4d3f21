import { ApiPropertyOptional } from '@nestjs/swagger';
import { OptionalNotNull } from '../http/optional-not-null';
import { PlainText, plainTextPattern } from '../http/plain-text';

/** Who acknowledged is not part of the body: it is the operator whose token signed the request. */
export class AcknowledgeAlertRequest {
  @ApiPropertyOptional({ pattern: plainTextPattern('note', 0, 1000), description: 'What is being done about it; at most 1000 characters once trimmed' })
  @OptionalNotNull()
  @PlainText('note', 0, 1000)
  note?: string;
}
