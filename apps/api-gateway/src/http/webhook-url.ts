import { applyDecorators } from '@nestjs/common';
import { MaxLength, ValidateBy, ValidationArguments } from 'class-validator';
import { addressRange, nonPublicKind } from '@pvs/webhook-deliveries';

/** The validation group of the check that a webhook URL stays out of private networks: skipped while WEBHOOK_ALLOW_PRIVATE_NETWORKS is true. */
export const PUBLIC_WEBHOOK_DESTINATIONS = 'public-webhook-destinations';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** The URL as the notifier reads it (WHATWG, so `127.1` is 127.0.0.1), when it is an http(s) URL written with its scheme. */
function httpUrl(value: unknown): URL | null {
  if (typeof value !== 'string' || !/^https?:\/\/[^\s\p{Cc}]+$/iu.test(value) || !URL.canParse(value)) return null;
  return new URL(value);
}

/** What a non-public destination is, as `a loopback address (127.0.0.1)`, or null. Names other than localhost are checked at delivery, on every address DNS gives. */
function privateDestination(value: unknown): string | null {
  const url = httpUrl(value);
  if (!url) return null;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (addressRange(host) !== null) {
    const kind = nonPublicKind(host);
    return kind && `${kind} (${host})`;
  }
  // RFC 6761: every name under localhost is the loopback, whatever a resolver says.
  return /(^|\.)localhost\.?$/.test(host) ? `localhost (${host})` : null;
}

/**
 * An http(s) URL webhooks are posted to: refused when it points to a loopback, private, link-local or other
 * non-public address, or to localhost, unless private networks are allowed (the PUBLIC_WEBHOOK_DESTINATIONS group).
 */
export const WebhookUrl = () =>
  applyDecorators(
    ValidateBy({
      name: 'httpUrl',
      validator: { validate: (value: unknown) => httpUrl(value) !== null, defaultMessage: (args?: ValidationArguments) => `${args?.property} must be an http(s) URL` },
    }),
    ValidateBy(
      {
        name: 'publicWebhookDestination',
        validator: {
          validate: (value: unknown) => privateDestination(value) === null,
          defaultMessage: (args?: ValidationArguments) => `${args?.property} points to ${privateDestination(args?.value)}: webhooks go to public addresses only`,
        },
      },
      { groups: [PUBLIC_WEBHOOK_DESTINATIONS] },
    ),
    MaxLength(MAX_WEBHOOK_URL_LENGTH),
  );
