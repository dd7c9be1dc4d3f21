import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export class RedeliverFailedRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  tenant_id!: string;
}
