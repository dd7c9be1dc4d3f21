import { SecretBox, UnopenableSecretError } from './secret-box';
import { Tenant } from '@pvs/domain';

/**
 * Why the ring cannot open every stored secret (webhook signing secrets, Twilio auth tokens), or null when it can:
 * checked at start, so that a wrong SECRETS_KEY stops the process with one clear line instead of failing every
 * delivery or Twilio SMS later.
 */
export function secretsKeyMismatch(tenants: readonly Tenant[], box: SecretBox): string | null {
  const missingKeys = new Set<string>();
  let unopenable = 0;
  for (const tenant of tenants) {
    for (const secret of [tenant.webhookSecret, tenant.previousWebhookSecret, tenant.twilioAuthToken]) {
      if (!secret) continue;
      try {
        box.open(secret, tenant.id);
      } catch (error) {
        if (!(error instanceof UnopenableSecretError)) throw error;
        unopenable += 1;
        missingKeys.add(error.keyFingerprint ?? 'of an older format');
      }
    }
  }
  if (unopenable === 0) return null;
  const keys = [...missingKeys].join(', ');
  return `does not open ${unopenable} stored secret(s), sealed under key ${keys} (the current key is ${box.currentKey}): give that key in SECRETS_KEY, or list it in SECRETS_PREVIOUS_KEYS`;
}
