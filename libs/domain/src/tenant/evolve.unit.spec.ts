import {
  TENANT_CREDENTIAL_ROTATED,
  TENANT_REGISTERED,
  TENANT_TWILIO_AUTH_TOKEN_CLEARED,
  TENANT_TWILIO_AUTH_TOKEN_RESEALED,
  TENANT_TWILIO_AUTH_TOKEN_SET,
  TENANT_UPDATED,
  TENANT_WEBHOOK_SECRET_RESEALED,
  TENANT_WEBHOOK_SECRET_ROTATED,
  TenantEvent,
  TenantRegistered,
  TenantRegisteredData,
} from '@pvs/contracts';
import { fold } from '../decider';
import { tenantDecider } from './decide';
import { DEFAULT_UNPAID_CYCLE_LIMIT, Tenant, evolveTenant, paymentBlock } from './evolve';

const TENANT_ID = 'b3c1a1d2-0000-4000-8000-000000000001';
const REGISTERED_AT = '2026-11-01T09:00:00.000Z';
const apiKey = { keyId: 'ak_5e1c0b9a7d3f2e48', hash: 'scrypt$api' };
const gatewaySecret = { keyId: 'gs_8b2d4f6a1c3e5a70', hash: 'scrypt$gateway' };
const webhookSecret = { ciphertext: 'k1:whsec-current' };

const registration = (overrides: Partial<TenantRegisteredData> = {}): TenantRegisteredData => ({
  tenantId: TENANT_ID,
  name: 'Karachi Books',
  webhookUrl: 'https://shop.example.pk/webhooks/payments',
  allowedSenders: { wallet_one: ['8558'] },
  receivingAccounts: null,
  balanceCheck: 'record',
  verificationPolicy: 'standard',
  alertWebhooks: [],
  raastQr: null,
  payerDataRetentionDays: 180,
  unpaidCycleLimit: 3,
  apiKey,
  gatewaySecret,
  webhookSecret,
  registeredAt: REGISTERED_AT,
  ...overrides,
});
const registered = (overrides: Partial<TenantRegisteredData> = {}): TenantRegistered => ({ type: TENANT_REGISTERED, data: registration(overrides) });

const tenant: Tenant = {
  id: TENANT_ID,
  name: 'Karachi Books',
  status: 'active',
  unpaidCycles: 0,
  unpaidCycleLimit: 3,
  webhookUrl: 'https://shop.example.pk/webhooks/payments',
  allowedSenders: { wallet_one: ['8558'] },
  receivingAccounts: null,
  balanceCheck: 'record',
  verificationPolicy: 'standard',
  alertWebhooks: [],
  raastQr: null,
  payerDataRetentionDays: 180,
  apiKey,
  gatewaySecret,
  webhookSecret,
  previousWebhookSecret: null,
  previousWebhookSecretValidUntil: null,
  twilioAuthToken: null,
  createdAt: REGISTERED_AT,
};

const updated: TenantEvent = {
  type: TENANT_UPDATED,
  data: { tenantId: TENANT_ID, changes: { status: 'suspended', unpaidCycles: 2 }, previous: { status: 'active', unpaidCycles: 0 }, updatedAt: '2026-11-20T08:00:00.000Z' },
};
const webhookRotated: TenantEvent = {
  type: TENANT_WEBHOOK_SECRET_ROTATED,
  data: {
    tenantId: TENANT_ID,
    webhookSecret: { ciphertext: 'k1:whsec-next' },
    previousWebhookSecret: webhookSecret,
    previousValidUntil: '2026-11-27T10:00:00.000Z',
    rotatedAt: '2026-11-26T10:00:00.000Z',
  },
};
const resealed: TenantEvent = {
  type: TENANT_WEBHOOK_SECRET_RESEALED,
  data: {
    tenantId: TENANT_ID,
    webhookSecret: { ciphertext: 'k2:whsec-next' },
    previousWebhookSecret: { ciphertext: 'k2:whsec-current' },
    keyFingerprint: 'sha256:9f86d081884c7d65',
    resealedAt: '2026-11-26T11:00:00.000Z',
  },
};
const credentialRotated = (credential: 'api_key' | 'gateway_secret'): TenantEvent => ({
  type: TENANT_CREDENTIAL_ROTATED,
  data: {
    tenantId: TENANT_ID,
    credential,
    replacement: { keyId: 'xx_0f1e2d3c4b5a6978', hash: 'scrypt$replacement' },
    previousKeyId: credential === 'api_key' ? apiKey.keyId : gatewaySecret.keyId,
    rotatedAt: '2026-11-26T12:00:00.000Z',
  },
});

const twilioTokenSet: TenantEvent = {
  type: TENANT_TWILIO_AUTH_TOKEN_SET,
  data: { tenantId: TENANT_ID, authToken: { ciphertext: 'k1:twilio-a' }, setAt: '2026-11-26T13:00:00.000Z' },
};
const twilioTokenResealed: TenantEvent = {
  type: TENANT_TWILIO_AUTH_TOKEN_RESEALED,
  data: { tenantId: TENANT_ID, authToken: { ciphertext: 'k2:twilio-a' }, keyFingerprint: 'sha256:9f86d081884c7d65', resealedAt: '2026-11-26T14:00:00.000Z' },
};
const twilioTokenCleared: TenantEvent = { type: TENANT_TWILIO_AUTH_TOKEN_CLEARED, data: { tenantId: TENANT_ID, clearedAt: '2026-11-26T15:00:00.000Z' } };

describe('evolveTenant', () => {
  it.each<[string, TenantEvent[], Tenant | null]>([
    ['no event', [], null],
    ['registered', [registered()], tenant],
    [
      'registered with every setting',
      [registered({ receivingAccounts: { bank: ['0001-2233-4410'] }, balanceCheck: 'review', unpaidCycleLimit: 5, webhookUrl: null, allowedSenders: null })],
      { ...tenant, receivingAccounts: { bank: ['0001-2233-4410'] }, balanceCheck: 'review', unpaidCycleLimit: 5, webhookUrl: null, allowedSenders: null },
    ],
    ['updated', [registered(), updated], { ...tenant, status: 'suspended', unpaidCycles: 2 }],
    [
      'webhook secret rotated',
      [registered(), webhookRotated],
      { ...tenant, webhookSecret: { ciphertext: 'k1:whsec-next' }, previousWebhookSecret: webhookSecret, previousWebhookSecretValidUntil: '2026-11-27T10:00:00.000Z' },
    ],
    [
      'webhook secrets resealed',
      [registered(), webhookRotated, resealed],
      {
        ...tenant,
        webhookSecret: { ciphertext: 'k2:whsec-next' },
        previousWebhookSecret: { ciphertext: 'k2:whsec-current' },
        previousWebhookSecretValidUntil: '2026-11-27T10:00:00.000Z',
      },
    ],
    ['API key rotated', [registered(), credentialRotated('api_key')], { ...tenant, apiKey: { keyId: 'xx_0f1e2d3c4b5a6978', hash: 'scrypt$replacement' } }],
    ['gateway secret rotated', [registered(), credentialRotated('gateway_secret')], { ...tenant, gatewaySecret: { keyId: 'xx_0f1e2d3c4b5a6978', hash: 'scrypt$replacement' } }],
    ['Twilio auth token set', [registered(), twilioTokenSet], { ...tenant, twilioAuthToken: { ciphertext: 'k1:twilio-a' } }],
    ['Twilio auth token resealed', [registered(), twilioTokenSet, twilioTokenResealed], { ...tenant, twilioAuthToken: { ciphertext: 'k2:twilio-a' } }],
    ['Twilio auth token cleared', [registered(), twilioTokenSet, twilioTokenCleared], tenant],
    [
      'Twilio auth token set, then another setting changed',
      [registered(), twilioTokenSet, updated, webhookRotated],
      {
        ...tenant,
        status: 'suspended',
        unpaidCycles: 2,
        webhookSecret: { ciphertext: 'k1:whsec-next' },
        previousWebhookSecret: webhookSecret,
        previousWebhookSecretValidUntil: '2026-11-27T10:00:00.000Z',
        twilioAuthToken: { ciphertext: 'k1:twilio-a' },
      },
    ],
  ])('%s', (_, events, expected) => {
    expect(fold(tenantDecider, events)).toStrictEqual(expected);
  });

  it.each([
    ['an update', updated],
    ['a webhook secret rotation', webhookRotated],
    ['a reseal', resealed],
    ['an API key rotation', credentialRotated('api_key')],
    ['a gateway secret rotation', credentialRotated('gateway_secret')],
    ['a Twilio auth token set', twilioTokenSet],
    ['a Twilio auth token resealed', twilioTokenResealed],
    ['a Twilio auth token cleared', twilioTokenCleared],
  ])('leaves no tenant for %s before registration', (_, event) => {
    expect(evolveTenant(null, event)).toBeNull();
    expect(fold(tenantDecider, [event])).toBeNull();
  });

  it('starts from no tenant, with the default unpaid cycle limit of 3', () => {
    expect(tenantDecider.initialState).toBeNull();
    expect(tenantDecider.evolve).toBe(evolveTenant);
    expect(DEFAULT_UNPAID_CYCLE_LIMIT).toBe(3);
  });
});

describe('paymentBlock', () => {
  it.each([
    ['an active tenant with no unpaid cycles', 'active', 0, 3, null],
    ['one unpaid cycle below the limit', 'active', 2, 3, null],
    ['at the unpaid cycle limit', 'active', 3, 3, 'Unpaid cycle limit reached'],
    ['beyond the unpaid cycle limit', 'active', 4, 3, 'Unpaid cycle limit reached'],
    ['a limit of zero', 'active', 0, 0, 'Unpaid cycle limit reached'],
    ['a suspended tenant', 'suspended', 0, 3, 'Tenant is suspended'],
    ['a suspended tenant at the limit', 'suspended', 3, 3, 'Tenant is suspended'],
  ] as const)('%s', (_, status, unpaidCycles, unpaidCycleLimit, expected) => {
    expect(paymentBlock({ ...tenant, status, unpaidCycles, unpaidCycleLimit })).toBe(expected);
  });
});
