import { ConfigError } from '@pvs/runtime';
import { loadEmbeddedConfig } from './embedded-config';

describe('loadEmbeddedConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadEmbeddedConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      adminToken: undefined,
      gateway: { paymentExpirySeconds: 86_400, smsDecisionWaitMs: 2_000 },
      matcher: { expirySweepIntervalMs: 5_000 },
      notifier: { allowPrivateNetworks: false, retryScheduleSeconds: [0, 5, 300, 1800, 7200, 18000, 36000, 36000], timeoutMs: 10_000 },
    });
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535'],
    [{ PAYMENT_EXPIRY_SECONDS: '5' }, 'PAYMENT_EXPIRY_SECONDS must be between 60'],
    [{ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'yes' }, 'WEBHOOK_ALLOW_PRIVATE_NETWORKS must be true or false'],
    [{ ADMIN_TOKEN: 'short' }, 'ADMIN_TOKEN must be at least 16 characters'],
    [{ SECRETS_KEY: 'c2hvcnQ=' }, 'SECRETS_KEY must be 32 bytes'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL must be a postgres: or postgresql: URL'],
    [{ WEBHOOK_RETRY_SCHEDULE: '0,5,soon' }, 'WEBHOOK_RETRY_SCHEDULE must be comma-separated whole numbers'],
  ])('stops on %j naming the variable', (env, message) => {
    expect(() => loadEmbeddedConfig(env)).toThrow(ConfigError);
    expect(() => loadEmbeddedConfig(env)).toThrow(message);
  });

  it('reads valid values', () => {
    const config = loadEmbeddedConfig({
      PORT: '8080',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      PAYMENT_EXPIRY_SECONDS: '3600',
      SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    expect(config).toMatchObject({ port: 8080, notifier: { allowPrivateNetworks: true }, gateway: { paymentExpirySeconds: 3600 } });
    expect(config.secretsKey).toEqual(Buffer.alloc(32, 7));
  });
});
