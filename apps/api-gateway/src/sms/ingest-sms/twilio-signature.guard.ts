import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { AuthenticatedRequest } from '../../auth/authenticated-request';
import { basicAuthCredentials } from '../../auth/sms-ingest-credential.guard';
import { GATEWAY_CONFIG, GatewayConfig } from '../../gateway-config';
import { TWILIO_SIGNATURE_HEADER, formFields, isTwilioRequest, signedUrls } from './twilio-request';
import { isTwilioSignature } from './twilio-signature';

const TWILIO_SIGNATURE_MISSING = 'Missing X-Twilio-Signature: this tenant has a Twilio auth token, so its Twilio SMS must be signed';
const TWILIO_SIGNATURE_NOT_FORM = "X-Twilio-Signature is checked on Twilio's form-encoded SMS webhook only";
const TWILIO_SIGNATURE_WRONG =
  "Invalid X-Twilio-Signature: not Twilio's signature of this URL and body under the tenant's Twilio auth token (check the token, and the URL Twilio is given)";

/**
 * Runs after the credential guard. A tenant that gave its Twilio auth token has every request recognised as Twilio's
 * checked against X-Twilio-Signature; a wrong or missing one is refused 403, which Twilio's debugger shows. Without a
 * token nothing is checked: the gateway secret alone admits the SMS, as it does for every other forwarder.
 */
@Injectable()
export class TwilioSignatureGuard implements CanActivate {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const { tenant } = request;
    if (!tenant.twilioAuthToken || !isTwilioRequest(request)) return true;
    const signature = request.headers[TWILIO_SIGNATURE_HEADER];
    if (typeof signature !== 'string') throw new ForbiddenException(TWILIO_SIGNATURE_MISSING);
    const fields = formFields(request);
    if (!fields) throw new ForbiddenException(TWILIO_SIGNATURE_NOT_FORM);
    const authToken = this.config.secretBox.open(tenant.twilioAuthToken, tenant.id);
    const urls = signedUrls(request, this.config.publicBaseUrl, basicAuthCredentials(request.headers.authorization));
    if (!isTwilioSignature(signature, authToken, urls, fields)) throw new ForbiddenException(TWILIO_SIGNATURE_WRONG);
    return true;
  }
}
