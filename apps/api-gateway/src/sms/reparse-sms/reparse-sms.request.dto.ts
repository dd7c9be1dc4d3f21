import { IsOptional, IsUUID } from 'class-validator';

export class ReparseSmsRequest {
  /** Only this tenant's rejected SMS; all tenants when left out. */
  @IsOptional()
  @IsUUID()
  tenant_id?: string;
}
