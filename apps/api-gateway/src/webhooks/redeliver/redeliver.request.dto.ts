import { IsUUID } from 'class-validator';

export class RedeliverFailedRequest {
  @IsUUID()
  tenant_id!: string;
}
