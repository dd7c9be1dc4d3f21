import { ConfigError, EnvReader } from '../config/env-reader';

/** The secrets every distributed process that needs them must be given: nothing is generated. */
export function requiredSecretsKey(read: EnvReader): Buffer {
  const key = read.base64Key('SECRETS_KEY', 32);
  if (!key) throw new ConfigError('SECRETS_KEY', 'is required: 32 bytes, base64 (openssl rand -base64 32), the same for every process');
  return key;
}

/** Keys that sealed secrets before SECRETS_KEY replaced them: they still open, never seal (see SecretBox). */
export function previousSecretsKeys(read: EnvReader): Buffer[] {
  return read.base64Keys('SECRETS_PREVIOUS_KEYS', 32);
}

export function requiredAdminToken(read: EnvReader): string {
  const token = read.strongSecret('ADMIN_TOKEN');
  if (!token) throw new ConfigError('ADMIN_TOKEN', 'is required (at least 32 random characters: openssl rand -base64 32)');
  return token;
}
