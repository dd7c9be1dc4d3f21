import { ConfigError, EnvReader } from '../config/env-reader';

/** The secrets every distributed process that needs them must be given: nothing is generated. */
export function requiredSecretsKey(read: EnvReader): Buffer {
  const key = read.base64Key('SECRETS_KEY', 32);
  if (!key) throw new ConfigError('SECRETS_KEY', 'is required: 32 bytes, base64 (openssl rand -base64 32), the same for every process');
  return key;
}

export function requiredAdminToken(read: EnvReader): string {
  const token = read.secret('ADMIN_TOKEN', { minLength: 16 });
  if (!token) throw new ConfigError('ADMIN_TOKEN', 'is required (at least 16 characters)');
  return token;
}
