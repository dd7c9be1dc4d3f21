import {
  EncryptedSecret,
  TENANT_CREDENTIAL_ROTATED,
  TENANT_REGISTERED,
  TENANT_TWILIO_AUTH_TOKEN_CLEARED,
  TENANT_TWILIO_AUTH_TOKEN_RESEALED,
  TENANT_TWILIO_AUTH_TOKEN_SET,
  TENANT_UPDATED,
  TENANT_WEBHOOK_SECRET_RESEALED,
  TENANT_WEBHOOK_SECRET_ROTATED,
  TenantEvent,
  TenantRegisteredData,
  TenantSettings,
} from '@pvs/contracts';
import { DeciderSpecification } from '../testing/decider-specification';
import { TENANT_NOT_FOUND, TenantCommand, decideTenant, tenantDecider } from './decide';

const TENANT_ID = 'b3c1a1d2-0000-4000-8000-000000000001';
const NOW = new Date('2026-11-26T10:00:00.000Z');
const AT = '2026-11-26T10:00:00.000Z';
const apiKey = { keyId: 'ak_5e1c0b9a7d3f2e48', hash: 'scrypt$api' };
const gatewaySecret = { keyId: 'gs_8b2d4f6a1c3e5a70', hash: 'scrypt$gateway' };
const replacement = { keyId: 'xx_0f1e2d3c4b5a6978', hash: 'scrypt$replacement' };

const registration: TenantRegisteredData = {
  tenantId: TENANT_ID,
  name: 'Karachi Books',
  webhookUrl: 'https://shop.example.pk/webhooks/payments',
  allowedSenders: { wallet_one: ['8558'], bank: ['HBL', 'MCB'] },
  receivingAccounts: { bank: ['0001-2233-4410'] },
  balanceCheck: 'review',
  verificationPolicy: 'standard',
  alertWebhooks: [],
  raastQr: null,
  payerDataRetentionDays: 180,
  unpaidCycleLimit: 3,
  apiKey,
  gatewaySecret,
  webhookSecret: { ciphertext: 'k1:whsec-a' },
  registeredAt: '2026-11-01T09:00:00.000Z',
};
const registered: TenantEvent = { type: TENANT_REGISTERED, data: registration };
const everySettingChanged: TenantSettings = {
  status: 'suspended',
  unpaidCycles: 3,
  unpaidCycleLimit: 4,
  webhookUrl: null,
  allowedSenders: null,
  receivingAccounts: {},
  balanceCheck: 'record',
  verificationPolicy: 'strict',
  alertWebhooks: ['forwarder.silent', 'payment.stalled'],
  raastQr: '0002010102116304ABCD',
  payerDataRetentionDays: 30,
};
const settings: TenantSettings = {
  status: 'active',
  unpaidCycles: 0,
  unpaidCycleLimit: 3,
  webhookUrl: 'https://shop.example.pk/webhooks/payments',
  allowedSenders: { wallet_one: ['8558'], bank: ['HBL', 'MCB'] },
  receivingAccounts: { bank: ['0001-2233-4410'] },
  balanceCheck: 'review',
  verificationPolicy: 'standard',
  alertWebhooks: [],
  raastQr: null,
  payerDataRetentionDays: 180,
};

const webhookRotated = (from: string, to: string): TenantEvent => ({
  type: TENANT_WEBHOOK_SECRET_ROTATED,
  data: {
    tenantId: TENANT_ID,
    webhookSecret: { ciphertext: to },
    previousWebhookSecret: { ciphertext: from },
    previousValidUntil: '2026-11-20T10:00:00.000Z',
    rotatedAt: '2026-11-19T10:00:00.000Z',
  },
});

const update = (requested: Partial<TenantSettings>): TenantCommand => ({ type: 'Update', settings: requested, now: NOW });
const updated = (changes: Partial<TenantSettings>, previous: Partial<TenantSettings>): TenantEvent => ({
  type: TENANT_UPDATED,
  data: { tenantId: TENANT_ID, changes, previous, updatedAt: AT },
});

/** Seals under key k2: a secret already under it needs nothing. */
const reseal = (secret: EncryptedSecret): EncryptedSecret | null => (secret.ciphertext.startsWith('k2:') ? null : { ciphertext: secret.ciphertext.replace('k1:', 'k2:') });
const resealSecrets: TenantCommand = { type: 'ResealSecrets', keyFingerprint: 'sha256:9f86d081884c7d65', reseal, now: NOW };
const resealed = (webhookSecret: string, previousWebhookSecret: string | null): TenantEvent => ({
  type: TENANT_WEBHOOK_SECRET_RESEALED,
  data: {
    tenantId: TENANT_ID,
    webhookSecret: { ciphertext: webhookSecret },
    previousWebhookSecret: previousWebhookSecret === null ? null : { ciphertext: previousWebhookSecret },
    keyFingerprint: 'sha256:9f86d081884c7d65',
    resealedAt: AT,
  },
});

const twilioTokenSet = (ciphertext: string): TenantEvent => ({ type: TENANT_TWILIO_AUTH_TOKEN_SET, data: { tenantId: TENANT_ID, authToken: { ciphertext }, setAt: '2026-11-21T10:00:00.000Z' } });
const twilioTokenCleared: TenantEvent = { type: TENANT_TWILIO_AUTH_TOKEN_CLEARED, data: { tenantId: TENANT_ID, clearedAt: '2026-11-22T10:00:00.000Z' } };
const twilioTokenResealed = (ciphertext: string): TenantEvent => ({
  type: TENANT_TWILIO_AUTH_TOKEN_RESEALED,
  data: { tenantId: TENANT_ID, authToken: { ciphertext }, keyFingerprint: 'sha256:9f86d081884c7d65', resealedAt: AT },
});

const given = DeciderSpecification.for(tenantDecider);

describe('decideTenant', () => {
  describe('Register', () => {
    it('a new tenant', () => {
      given([]).when({ type: 'Register', registration }).then([registered]);
    });

    it('a tenant already registered', () => {
      given([registered]).when({ type: 'Register', registration }).thenRefuses({ kind: 'conflict', message: 'Tenant already registered' });
    });
  });

  describe.each<[string, TenantCommand]>([
    ['Update', update({ status: 'suspended' })],
    ['RotateCredential', { type: 'RotateCredential', credential: 'api_key', replacement, now: NOW }],
    ['RotateWebhookSecret', { type: 'RotateWebhookSecret', webhookSecret: { ciphertext: 'k1:whsec-b' }, previousValidUntil: '2026-11-27T10:00:00.000Z', now: NOW }],
    ['ResealSecrets', resealSecrets],
    ['SetTwilioAuthToken', { type: 'SetTwilioAuthToken', authToken: { ciphertext: 'k1:twilio-a' }, now: NOW }],
    ['ClearTwilioAuthToken', { type: 'ClearTwilioAuthToken', now: NOW }],
  ])('%s on no tenant', (_, command) => {
    it('is refused as not found', () => {
      given([]).when(command).thenRefuses({ kind: 'not_found', message: 'Tenant not found' });
      expect(TENANT_NOT_FOUND).toBe('Tenant not found');
    });
  });

  describe('Update', () => {
    it.each<[keyof TenantSettings, TenantSettings[keyof TenantSettings]]>([
      ['status', 'suspended'],
      ['unpaidCycles', 1],
      ['unpaidCycleLimit', 5],
      ['webhookUrl', null],
      ['allowedSenders', { wallet_one: ['8558', '3737'], bank: ['HBL', 'MCB'] }],
      ['receivingAccounts', null],
      ['balanceCheck', 'record'],
      ['verificationPolicy', 'strict'],
    ])('records a change of %s alone, with the value it replaces', (field, value) => {
      given([registered])
        .when(update({ [field]: value }))
        .then([updated({ [field]: value }, { [field]: settings[field] })]);
    });

    it.each<[string, TenantEvent[], Partial<TenantSettings>, TenantEvent[]]>([
      [
        'only the settings that change',
        [registered],
        { status: 'suspended', unpaidCycles: 0, webhookUrl: 'https://shop.example.pk/webhooks/payments', balanceCheck: 'record' },
        [updated({ status: 'suspended', balanceCheck: 'record' }, { status: 'active', balanceCheck: 'review' })],
      ],
      [
        'a setting that was null',
        [registered, updated({ receivingAccounts: null }, { receivingAccounts: { bank: ['0001-2233-4410'] } })],
        { receivingAccounts: { wallet_two: ['03001234567'] } },
        [updated({ receivingAccounts: { wallet_two: ['03001234567'] } }, { receivingAccounts: null })],
      ],
      [
        'every setting at once',
        [registered],
        everySettingChanged,
        [updated(everySettingChanged, settings)],
      ],
      ['a setting left undefined', [registered], { status: undefined, webhookUrl: 'https://shop.example.pk/v2/hooks' }, [
        updated({ webhookUrl: 'https://shop.example.pk/v2/hooks' }, { webhookUrl: 'https://shop.example.pk/webhooks/payments' }),
      ]],
      ['no setting', [registered], {}, []],
      ['only undefined settings', [registered], { status: undefined, unpaidCycles: undefined, balanceCheck: undefined }, []],
      ['the same status', [registered], { status: 'active' }, []],
      ['every setting as it is, lists given as new arrays', [registered], { ...settings, allowedSenders: { wallet_one: ['8558'], bank: ['HBL', 'MCB'] } }, []],
      ['the same per-gateway list', [registered], { receivingAccounts: { bank: ['0001-2233-4410'] } }, []],
      [
        'the same senders in another order',
        [registered],
        { allowedSenders: { wallet_one: ['8558'], bank: ['MCB', 'HBL'] } },
        [updated({ allowedSenders: { wallet_one: ['8558'], bank: ['MCB', 'HBL'] } }, { allowedSenders: settings.allowedSenders })],
      ],
    ])('%s', (_, history, requested, expected) => {
      given(history).when(update(requested)).then(expected);
    });
  });

  describe('RotateCredential', () => {
    it.each([
      ['api_key', apiKey.keyId],
      ['gateway_secret', gatewaySecret.keyId],
    ] as const)('replaces the %s, naming the one replaced', (credential, previousKeyId) => {
      given([registered])
        .when({ type: 'RotateCredential', credential, replacement, now: NOW })
        .then([{ type: TENANT_CREDENTIAL_ROTATED, data: { tenantId: TENANT_ID, credential, replacement, previousKeyId, rotatedAt: AT } }]);
    });

    it('names the credential replaced last', () => {
      const rotated: TenantEvent = {
        type: TENANT_CREDENTIAL_ROTATED,
        data: { tenantId: TENANT_ID, credential: 'api_key', replacement, previousKeyId: apiKey.keyId, rotatedAt: '2026-11-20T10:00:00.000Z' },
      };
      const next = { keyId: 'ak_77aa66bb55cc44dd', hash: 'scrypt$next' };
      given([registered, rotated])
        .when({ type: 'RotateCredential', credential: 'api_key', replacement: next, now: NOW })
        .then([{ type: TENANT_CREDENTIAL_ROTATED, data: { tenantId: TENANT_ID, credential: 'api_key', replacement: next, previousKeyId: replacement.keyId, rotatedAt: AT } }]);
    });
  });

  describe('RotateWebhookSecret', () => {
    it.each<[string, TenantEvent[], string]>([
      ['the registered secret', [registered], 'k1:whsec-a'],
      ['the secret of the last rotation', [registered, webhookRotated('k1:whsec-a', 'k1:whsec-b')], 'k1:whsec-b'],
    ])('keeps %s signing until the time given', (_, history, current) => {
      const command: TenantCommand = { type: 'RotateWebhookSecret', webhookSecret: { ciphertext: 'k1:whsec-c' }, previousValidUntil: '2026-11-27T10:00:00.000Z', now: NOW };
      given(history)
        .when(command)
        .then([
          {
            type: TENANT_WEBHOOK_SECRET_ROTATED,
            data: {
              tenantId: TENANT_ID,
              webhookSecret: { ciphertext: 'k1:whsec-c' },
              previousWebhookSecret: { ciphertext: current },
              previousValidUntil: '2026-11-27T10:00:00.000Z',
              rotatedAt: AT,
            },
          },
        ]);
    });
  });

  describe('ResealSecrets', () => {
    const registeredUnder = (ciphertext: string): TenantEvent => ({ type: TENANT_REGISTERED, data: { ...registration, webhookSecret: { ciphertext } } });

    it.each<[string, TenantEvent[], TenantEvent[]]>([
      ['the secret already under the current key, none previous', [registeredUnder('k2:whsec-a')], []],
      ['both secrets already under the current key', [registeredUnder('k2:whsec-a'), webhookRotated('k2:whsec-a', 'k2:whsec-b')], []],
      ['only the secret stale, none previous', [registered], [resealed('k2:whsec-a', null)]],
      ['only the secret stale, the previous current', [registeredUnder('k2:whsec-a'), webhookRotated('k2:whsec-a', 'k1:whsec-b')], [resealed('k2:whsec-b', 'k2:whsec-a')]],
      ['only the previous secret stale', [registered, webhookRotated('k1:whsec-a', 'k2:whsec-b')], [resealed('k2:whsec-b', 'k2:whsec-a')]],
      ['both secrets stale', [registered, webhookRotated('k1:whsec-a', 'k1:whsec-b')], [resealed('k2:whsec-b', 'k2:whsec-a')]],
    ])('%s', (_, history, expected) => {
      given(history).when(resealSecrets).then(expected);
    });
  });
});

describe('SetTwilioAuthToken', () => {
  it.each<[string, TenantEvent[]]>([
    ['a tenant without one', [registered]],
    ['a tenant with one already (the new one replaces it)', [registered, twilioTokenSet('k1:twilio-a')]],
    ['a tenant whose token was cleared', [registered, twilioTokenSet('k1:twilio-a'), twilioTokenCleared]],
  ])('records the sealed token for %s', (_, history) => {
    given(history)
      .when({ type: 'SetTwilioAuthToken', authToken: { ciphertext: 'k1:twilio-b' }, now: NOW })
      .then([{ type: TENANT_TWILIO_AUTH_TOKEN_SET, data: { tenantId: TENANT_ID, authToken: { ciphertext: 'k1:twilio-b' }, setAt: AT } }]);
  });
});

describe('ClearTwilioAuthToken', () => {
  it.each<[string, TenantEvent[], TenantEvent[]]>([
    ['removes the token set', [registered, twilioTokenSet('k1:twilio-a')], [{ type: TENANT_TWILIO_AUTH_TOKEN_CLEARED, data: { tenantId: TENANT_ID, clearedAt: AT } }]],
    ['records nothing for a tenant that never had one', [registered], []],
    ['records nothing for a token already cleared', [registered, twilioTokenSet('k1:twilio-a'), twilioTokenCleared], []],
  ])('%s', (_, history, expected) => {
    given(history).when({ type: 'ClearTwilioAuthToken', now: NOW }).then(expected);
  });
});

describe('ResealSecrets with a Twilio auth token', () => {
  it.each<[string, TenantEvent[], TenantEvent[]]>([
    ['seals a stale token again, beside the webhook secret', [registered, twilioTokenSet('k1:twilio-a')], [resealed('k2:whsec-a', null), twilioTokenResealed('k2:twilio-a')]],
    [
      'seals only the token when the webhook secrets are already under the current key',
      [{ type: TENANT_REGISTERED, data: { ...registration, webhookSecret: { ciphertext: 'k2:whsec-a' } } }, twilioTokenSet('k1:twilio-a')],
      [twilioTokenResealed('k2:twilio-a')],
    ],
    ['leaves a token already under the current key alone', [registered, twilioTokenSet('k2:twilio-a')], [resealed('k2:whsec-a', null)]],
    ['has no token to seal once it is cleared', [registered, twilioTokenSet('k1:twilio-a'), twilioTokenCleared], [resealed('k2:whsec-a', null)]],
  ])('%s', (_, history, expected) => {
    given(history).when(resealSecrets).then(expected);
  });
});

describe('tenantDecider', () => {
  it('decides with decideTenant and tells its events', () => {
    expect(tenantDecider.decide).toBe(decideTenant);
    expect(tenantDecider.isEvent(registered)).toBe(true);
    expect(tenantDecider.isEvent({ type: 'OperatorTokenIssued', data: {} })).toBe(false);
  });
});
