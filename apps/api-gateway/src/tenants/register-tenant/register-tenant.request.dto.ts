import { ApiProperty } from '@nestjs/swagger';
import { PlainText, plainTextPattern } from '../../http/plain-text';
import { TenantSettingsRequest } from '../tenant-settings.request.dto';

export class RegisterTenantRequest extends TenantSettingsRequest {
  @ApiProperty({ minLength: 1, pattern: plainTextPattern('name', 1, 120), description: 'At most 120 characters once trimmed' })
  @PlainText('name', 1, 120)
  name!: string;
}
