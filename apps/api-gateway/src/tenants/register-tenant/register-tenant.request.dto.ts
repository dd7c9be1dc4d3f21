import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { TenantSettingsRequest } from '../tenant-settings.request.dto';

export class RegisterTenantRequest extends TenantSettingsRequest {
  @ApiProperty({ minLength: 1, maxLength: 120 })
  @IsString()
  @Length(1, 120)
  name!: string;
}
