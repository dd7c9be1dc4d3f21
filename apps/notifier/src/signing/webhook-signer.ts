import { createHmac } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

export interface SigningSecrets {
  readonly current: string;
  /** Still signs during a rotation overlap, so receivers holding the old secret keep verifying. */
  readonly previous?: string | null;
}

export interface WebhookSignatureHeaders {
  readonly 'x-service-signature': string;
  readonly 'webhook-id': string;
  readonly 'webhook-timestamp': string;
  readonly 'webhook-signature': string;
}

/** Signs the exact body to be sent: the legacy hex header plus the Standard Webhooks headers. */
export function signWebhook(id: string, timestampSeconds: number, rawBody: string, secrets: SigningSecrets): WebhookSignatureHeaders {
  if (!id || id.includes('.')) throw new Error(`A webhook id must be non-empty and contain no '.': "${id}"`);
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new Error(`A webhook timestamp must be whole Unix seconds, not ${timestampSeconds}`);
  }
  const timestamp = String(timestampSeconds);
  const signedContent = `${id}.${timestamp}.${rawBody}`;
  const secretsInUse = secrets.previous ? [secrets.current, secrets.previous] : [secrets.current];
  return {
    // Keyed with the whole secret string, as receivers of the legacy header already verify it.
    'x-service-signature': createHmac('sha256', secrets.current).update(rawBody).digest('hex'),
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': secretsInUse
      .map((secret) => `v1,${createHmac('sha256', standardWebhooksKey(secret)).update(signedContent).digest('base64')}`)
      .join(' '),
  };
}

/** Strings are hashed as UTF-8 (Node's default), the bytes that are sent. */
function standardWebhooksKey(secret: string): Buffer {
  const encoded = secret.slice(SECRET_PREFIX.length);
  const key = Buffer.from(encoded, 'base64');
  // Buffer skips characters outside base64; receivers' libraries do not, so accept only what round-trips.
  if (!secret.startsWith(SECRET_PREFIX) || key.length === 0 || key.toString('base64') !== encoded) {
    throw new Error('A signing secret must be whsec_ followed by padded base64');
  }
  return key;
}
