import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { OptionalNotNull } from '../../http/optional-not-null';

export class ReparseSmsRequest {
  /** Only this tenant's rejected SMS; all tenants when left out. */
  @ApiPropertyOptional({ format: 'uuid' })
  @OptionalNotNull()
  @IsUUID()
  tenant_id?: string;
}
