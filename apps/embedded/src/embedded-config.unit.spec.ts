import { ConfigError } from '@pvs/runtime';
import { loadEmbeddedConfig } from './embedded-config';

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('loadEmbeddedConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadEmbeddedConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      adminToken: undefined,
      gateway: {
        paymentExpirySeconds: 86_400,
        smsDecisionWaitMs: 2_000,
        requestTimeoutMs: 15_000,
        docsPublic: true,
        authFailures: { limit: 20, windowMs: 60_000, blockMs: 300_000 },
        adminRateLimit: 600,
        trustProxy: false,
        publicBaseUrl: null,
      },
      matcher: { expirySweepIntervalMs: 5_000, watchIntervalMs: 60_000, gapSettleMs: 600_000, stall: { floorMs: 600_000, defaultMs: 1_800_000 }, silence: { floorMs: 1_800_000, ceilingMs: 21_600_000, newMs: 7_200_000 } },
      notifier: { allowPrivateNetworks: false, retryScheduleSeconds: [0, 5, 300, 1800, 7200, 18000, 36000, 36000], timeoutMs: 10_000 },
    });
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535'],
    [{ PAYMENT_EXPIRY_SECONDS: '5' }, 'PAYMENT_EXPIRY_SECONDS must be between 60'],
    [{ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'yes' }, 'WEBHOOK_ALLOW_PRIVATE_NETWORKS must be true or false'],
    [{ ADMIN_TOKEN: 'short' }, 'ADMIN_TOKEN must be at least 32 characters'],
    [{ ADMIN_TOKEN: 'a'.repeat(64) }, 'ADMIN_TOKEN must look random: at least 128 bits'],
    [{ ADMIN_TOKEN: 'abcdefabcdefabcdefabcdefabcdefabcdef' }, 'ADMIN_TOKEN must look random: at least 128 bits'],
    [{ ADMIN_TOKEN: '0123456789'.repeat(4) }, 'ADMIN_TOKEN must look random: at least 128 bits'],
    [{ SECRETS_KEY: 'c2hvcnQ=' }, 'SECRETS_KEY must be 32 bytes'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL must be a postgres: or postgresql: URL'],
    [{ WEBHOOK_RETRY_SCHEDULE: '0,5,soon' }, 'WEBHOOK_RETRY_SCHEDULE must be comma-separated whole numbers'],
    [{ PUBLIC_BASE_URL: 'pay.example.pk' }, 'PUBLIC_BASE_URL must be a URL'],
    [{ PUBLIC_BASE_URL: 'ftp://pay.example.pk' }, 'PUBLIC_BASE_URL must be a https: or http: URL'],
    [{ PUBLIC_BASE_URL: 'https://pay.example.pk/?shop=1' }, 'PUBLIC_BASE_URL must be a scheme, a host and perhaps a path: no query, fragment or credentials'],
    [{ PUBLIC_BASE_URL: 'https://user:pass@pay.example.pk' }, 'PUBLIC_BASE_URL must be a scheme, a host and perhaps a path: no query, fragment or credentials'],
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
      PUBLIC_BASE_URL: 'https://pay.example.pk/pvs/',
    });
    expect(config).toMatchObject({ port: 8080, notifier: { allowPrivateNetworks: true }, gateway: { paymentExpirySeconds: 3600, publicBaseUrl: 'https://pay.example.pk/pvs' } });
    expect(config.secretsKey).toEqual(Buffer.alloc(32, 7));
  });

  it.each([
    [{}, true],
    [{ HOST: 'localhost' }, true],
    [{ HOST: '::1' }, true],
    [{ HOST: '127.0.0.2' }, true],
    [{ HOST: '0.0.0.0' }, false],
    [{ HOST: '::' }, false],
    [{ HOST: '10.0.0.5' }, false],
    [{ HOST: 'api.example.com' }, false],
    [{ HOST: '0.0.0.0', DOCS_ENABLED: 'true' }, true],
    [{ DOCS_ENABLED: 'false' }, false],
  ])('with %j makes the API documentation public: %s', (env, docsPublic) => {
    expect(loadEmbeddedConfig({ SECRETS_KEY: KEY, ...env }).gateway.docsPublic).toBe(docsPublic);
  });

  it('needs SECRETS_KEY on any address but loopback, rather than keeping a key beside the data', () => {
    expect(() => loadEmbeddedConfig({ HOST: '0.0.0.0' })).toThrow('SECRETS_KEY is required when HOST is not a loopback address');
    expect(loadEmbeddedConfig({ HOST: '127.0.0.1' }).secretsKey).toBeUndefined();
  });

  it('reads the previous secrets keys, and refuses one of the wrong size', () => {
    const other = Buffer.alloc(32, 9).toString('base64');
    expect(loadEmbeddedConfig({ SECRETS_PREVIOUS_KEYS: `${KEY}, ${other}` }).previousSecretsKeys).toEqual([Buffer.alloc(32, 7), Buffer.alloc(32, 9)]);
    expect(loadEmbeddedConfig({}).previousSecretsKeys).toEqual([]);
    expect(() => loadEmbeddedConfig({ SECRETS_PREVIOUS_KEYS: `${KEY},c2hvcnQ=` })).toThrow('SECRETS_PREVIOUS_KEYS must be comma-separated keys of 32 bytes each');
  });
});
