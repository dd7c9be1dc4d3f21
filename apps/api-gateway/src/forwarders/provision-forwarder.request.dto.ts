import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { PlainText, plainTextPattern } from '../http/plain-text';
import { MAX_SENDER_LENGTH } from '../sms/ingest-sms/forwarded-sms';

/** A phone an operator provisions: its tenant, and the name it goes by (what its X-Forwarder-Id would say). */
export class ProvisionForwarderRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'tenant_id must be a UUID' })
  tenant_id!: string;

  @ApiProperty({ minLength: 1, pattern: plainTextPattern('identifier', 1, MAX_SENDER_LENGTH), description: 'The phone\'s name ("counter-phone"): its key names it so, as X-Forwarder-Id would' })
  @PlainText('identifier', 1, MAX_SENDER_LENGTH)
  device!: string;
}
