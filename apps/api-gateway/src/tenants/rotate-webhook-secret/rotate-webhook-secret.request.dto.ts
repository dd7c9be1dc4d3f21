import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const DEFAULT_OVERLAP_SECONDS = 86_400;

export class RotateWebhookSecretRequest {
  /** How long the previous secret keeps signing beside the new one. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(7 * 86_400)
  overlap_seconds?: number;
}
