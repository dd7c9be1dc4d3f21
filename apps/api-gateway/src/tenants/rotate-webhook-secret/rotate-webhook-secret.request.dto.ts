import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { OptionalNotNull } from '../../http/optional-not-null';

export const DEFAULT_OVERLAP_SECONDS = 86_400;

export class RotateWebhookSecretRequest {
  /** How long the previous secret keeps signing beside the new one. */
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 7 * 86_400, default: DEFAULT_OVERLAP_SECONDS })
  @OptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(7 * 86_400)
  overlap_seconds?: number;
}
