import { IsString, Length } from 'class-validator';
import { TenantSettingsRequest } from '../tenant-settings.request.dto';

export class RegisterTenantRequest extends TenantSettingsRequest {
  @IsString()
  @Length(1, 120)
  name!: string;
}
