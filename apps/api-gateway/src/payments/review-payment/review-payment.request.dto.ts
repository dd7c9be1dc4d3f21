import { ApiPropertyOptional } from '@nestjs/swagger';
import { OptionalNotNull } from '../../http/optional-not-null';
import { PlainText, plainTextPattern } from '../../http/plain-text';

/** Who decided is not part of the body: it is the operator whose token signed the request. */
export class ReviewPaymentRequest {
  @ApiPropertyOptional({ pattern: plainTextPattern('note', 0, 1000), description: 'Why: recorded on the event; at most 1000 characters once trimmed' })
  @OptionalNotNull()
  @PlainText('note', 0, 1000)
  note?: string;
}
