import { FastifyReply, FastifyRequest } from 'fastify';
import { FormFields } from './twilio-signature';

export const TWILIO_SIGNATURE_HEADER = 'x-twilio-signature';

/** TwiML that asks nothing of Twilio (no reply SMS): the answer Twilio expects, whatever we made of the SMS. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
export const TWIML_CONTENT_TYPE = 'text/xml; charset=utf-8';

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

/** What tells a request apart: its headers and its parsed body. */
type Received = Pick<FastifyRequest, 'headers' | 'body'>;

/** The fields of a form-encoded body, or null for any other body. */
export function formFields(request: Received): FormFields | null {
  const mediaType = request.headers['content-type']?.split(';')[0].trim().toLowerCase();
  const { body } = request;
  if (mediaType !== 'application/x-www-form-urlencoded' || typeof body !== 'object' || body === null) return null;
  const fields = Object.entries(body).filter((field): field is [string, string] => typeof field[1] === 'string');
  return fields.length === Object.keys(body).length ? Object.fromEntries(fields) : null;
}

/** Twilio's webhook: a form post that carries its message or account id, or any request that carries its signature. */
export function isTwilioRequest(request: Received): boolean {
  if (request.headers[TWILIO_SIGNATURE_HEADER] !== undefined) return true;
  const fields = formFields(request);
  return fields !== null && (Object.hasOwn(fields, 'MessageSid') || Object.hasOwn(fields, 'AccountSid'));
}

/** Answers Twilio with empty TwiML: it then logs no error (JSON is its error 12300) and sends nothing back. */
export function answerTwilio(reply: FastifyReply): string {
  reply.header('content-type', TWIML_CONTENT_TYPE);
  return EMPTY_TWIML;
}

/**
 * The spellings of the URL Twilio called that it may have signed. The URL is the public base (PUBLIC_BASE_URL, else
 * the request's own scheme and host, the forwarded ones when TRUST_PROXY believes them) followed by the path and query
 * as received; it is spelled with and without the scheme's default port (Twilio is not consistent about it: its own
 * validators try both), and with and without the Basic auth credentials the URL carried. None when the base is not an
 * http(s) URL (a forwarded scheme or host that makes no sense).
 */
export function signedUrls(
  request: Pick<FastifyRequest, 'protocol' | 'host' | 'url'>,
  publicBaseUrl: string | null,
  credentials?: { readonly user: string; readonly password: string },
): string[] {
  const origin = publicBaseUrl ?? `${request.protocol}://${request.host}`;
  const base = URL.canParse(origin) ? new URL(origin) : null;
  const defaultPort = base && DEFAULT_PORTS[base.protocol];
  if (!base || !defaultPort) return [];
  const path = `${base.pathname.replace(/\/+$/, '')}${request.url}`;
  const hosts = base.port ? [base.host] : [base.hostname, `${base.hostname}:${defaultPort}`];
  const userinfos = credentials ? ['', `${credentials.user}:${credentials.password}@`] : [''];
  return hosts.flatMap((host) => userinfos.map((userinfo) => `${base.protocol}//${userinfo}${host}${path}`));
}
