import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';

/** Twilio's auth tokens are 32 hexadecimal characters: anything else is a paste of the wrong value (the Account SID, an API key). */
const TWILIO_AUTH_TOKEN = /^[0-9a-fA-F]{32}$/;

export class SetTwilioAuthTokenRequest {
  @ApiProperty({
    pattern: TWILIO_AUTH_TOKEN.source,
    writeOnly: true,
    description: "The Auth Token of the Twilio account whose number posts the SMS (Twilio Console, Account Info). Kept encrypted; never shown again",
  })
  @Matches(TWILIO_AUTH_TOKEN, { message: "auth_token must be the Twilio account's Auth Token: 32 hexadecimal characters" })
  auth_token!: string;
}
