import { DomainEvent } from './domain-event';

/**
 * What a piece of recorded data is, for how long it may be kept and under which key (issue 34):
 * - `payer`: a payer's personal data: names, phone numbers, their accounts, raw SMS bodies (which hold all of
 *   these), what a payer typed on a payment page. Kept only while a payment needs it.
 * - `merchant`: a merchant's own data: its name, addresses, accounts and balances, its phones, what it wrote for its
 *   customers (descriptions, `client_metadata`, whose content the merchant decides).
 * - `operator`: who among the service's operators did something, and their notes: the audit trail.
 * - `secret`: a credential, only ever stored hashed or sealed.
 * - `fact`: nothing personal: ids, amounts, times, statuses, gateways, institutions, the normalised reference and
 *   the sender id matching needs, shapes and reasons.
 */
export type DataClass = 'payer' | 'merchant' | 'operator' | 'secret' | 'fact';

type DataOf<T extends DomainEvent['type']> = Extract<DomainEvent, { type: T }>['data'];

/**
 * Every field of every event's data, classified. A field is classified as a whole: one that nests data (a payer,
 * an example SMS) takes the class of the most personal thing it holds. The compiler insists on every declared field
 * and refuses an undeclared one; `data-classes.unit.spec.ts` checks the fields the golden event log actually holds.
 */
export const EVENT_DATA_CLASSES: { readonly [T in DomainEvent['type']]: { readonly [F in keyof Required<DataOf<T>>]: DataClass } } = {
  PaymentIntentRegistered: {
    paymentId: 'fact',
    tenantId: 'fact',
    gateway: 'fact',
    // A payer's transaction id is no personal data, and matching needs it as given.
    transactionReference: 'fact',
    normalizedReference: 'fact',
    amountPaisa: 'fact',
    // "Customer phone number or other sender identifier" (spec).
    senderSource: 'payer',
    callbackUrl: 'merchant',
    clientMetadata: 'merchant',
    registeredAt: 'fact',
    expiresAt: 'fact',
  },
  PaymentVerified: { paymentId: 'fact', smsId: 'fact', amountDetectedPaisa: 'fact', verifiedAt: 'fact', balanceCheck: 'fact' },
  PaymentFlaggedForReview: { paymentId: 'fact', smsId: 'fact', amountDetectedPaisa: 'fact', reason: 'fact', balanceCheck: 'fact', flaggedAt: 'fact' },
  PaymentExpired: { paymentId: 'fact', expiredAt: 'fact' },
  PaymentApproved: { paymentId: 'fact', operator: 'operator', operatorId: 'fact', note: 'operator', decidedAt: 'fact' },
  PaymentRejected: { paymentId: 'fact', operator: 'operator', operatorId: 'fact', note: 'operator', decidedAt: 'fact' },
  PaymentStalled: {
    paymentId: 'fact',
    tenantId: 'fact',
    gateway: 'fact',
    transactionReference: 'fact',
    amountPaisa: 'fact',
    registeredAt: 'fact',
    usualMs: 'fact',
    reason: 'fact',
    evidence: 'fact',
    detectedAt: 'fact',
  },
  SmsReceived: {
    smsId: 'fact',
    tenantId: 'fact',
    // An institution's short code or name, which matching and the allowed senders need.
    sender: 'fact',
    body: 'payer',
    receivedAt: 'fact',
    recordedAt: 'fact',
    source: 'fact',
    forwarderId: 'fact',
  },
  SmsParsed: {
    smsId: 'fact',
    tenantId: 'fact',
    gateway: 'fact',
    tier: 'fact',
    templateId: 'fact',
    institution: 'fact',
    target: 'fact',
    spans: 'fact',
    reference: 'fact',
    normalizedReference: 'fact',
    amountPaisa: 'fact',
    payer: 'payer',
    receivingAccount: 'merchant',
    balancePaisa: 'merchant',
    occurredAt: 'fact',
    // An account departure shows the receiving account as written.
    departures: 'merchant',
    reparsed: 'fact',
  },
  SmsRejected: { smsId: 'fact', tenantId: 'fact', reason: 'fact', debit: 'merchant' },
  SmsMatched: { smsId: 'fact', parsedVersion: 'fact', paymentId: 'fact', status: 'fact' },
  SmsUnmatched: { smsId: 'fact', parsedVersion: 'fact', reason: 'fact', paymentId: 'fact' },
  SmsAwaitingIntent: { smsId: 'fact', paymentId: 'fact', parsedVersion: 'fact' },
  BalanceObserved: { smsId: 'fact', amountPaisa: 'fact', balancePaisa: 'merchant', check: 'fact' },
  BalanceStated: {
    accountKey: 'fact',
    tenantId: 'fact',
    gateway: 'fact',
    account: 'merchant',
    smsId: 'fact',
    direction: 'fact',
    amountPaisa: 'fact',
    balancePaisa: 'merchant',
    at: 'fact',
    recordedAt: 'fact',
    unsettledSince: 'fact',
  },
  SmsGapSuspected: {
    accountKey: 'fact',
    tenantId: 'fact',
    gateway: 'fact',
    account: 'merchant',
    gapId: 'fact',
    direction: 'fact',
    amountPaisa: 'fact',
    afterSmsId: 'fact',
    beforeSmsId: 'fact',
    windowStart: 'fact',
    windowEnd: 'fact',
    candidatePaymentIds: 'fact',
    detectedAt: 'fact',
    unsettledSince: 'fact',
  },
  SmsGapFilled: { gapId: 'fact', accountKey: 'fact', tenantId: 'fact', smsId: 'fact', filledAt: 'fact' },
  TenantRegistered: {
    tenantId: 'fact',
    name: 'merchant',
    webhookUrl: 'merchant',
    allowedSenders: 'fact',
    unpaidCycleLimit: 'fact',
    apiKey: 'secret',
    gatewaySecret: 'secret',
    webhookSecret: 'secret',
    registeredAt: 'fact',
    receivingAccounts: 'merchant',
    balanceCheck: 'fact',
    verificationPolicy: 'fact',
    alertWebhooks: 'fact',
    raastQr: 'merchant',
    payerDataRetentionDays: 'merchant',
  },
  // A change names the settings it changed, which may be the webhook address or the receiving accounts.
  TenantUpdated: { tenantId: 'fact', changes: 'merchant', previous: 'merchant', updatedAt: 'fact' },
  TenantCredentialRotated: { tenantId: 'fact', credential: 'fact', replacement: 'secret', previousKeyId: 'fact', rotatedAt: 'fact' },
  TenantWebhookSecretRotated: { tenantId: 'fact', webhookSecret: 'secret', previousWebhookSecret: 'secret', previousValidUntil: 'fact', rotatedAt: 'fact' },
  TenantWebhookSecretResealed: { tenantId: 'fact', webhookSecret: 'secret', previousWebhookSecret: 'secret', keyFingerprint: 'fact', resealedAt: 'fact' },
  TenantTwilioAuthTokenSet: { tenantId: 'fact', authToken: 'secret', setAt: 'fact' },
  TenantTwilioAuthTokenCleared: { tenantId: 'fact', clearedAt: 'fact' },
  TenantTwilioAuthTokenResealed: { tenantId: 'fact', authToken: 'secret', keyFingerprint: 'fact', resealedAt: 'fact' },
  OperatorTokenIssued: { operatorId: 'fact', name: 'operator', token: 'secret', issuedBy: 'operator', issuedAt: 'fact' },
  OperatorTokenRevoked: { operatorId: 'fact', revokedBy: 'operator', revokedAt: 'fact' },
  SmsTemplateLearned: {
    templateId: 'fact',
    tenantId: 'fact',
    gateway: 'fact',
    institution: 'fact',
    sender: 'fact',
    // The wording with its values taken out.
    pattern: 'fact',
    signature: 'fact',
    // The SMS it was learnt from, body and all.
    example: 'payer',
    note: 'operator',
    learnedBy: 'operator',
    learnedAt: 'fact',
  },
  SmsTemplatePromoted: { templateId: 'fact', promotedBy: 'operator', note: 'operator', promotedAt: 'fact' },
  SmsTemplateRetired: { templateId: 'fact', retiredBy: 'operator', note: 'operator', retiredAt: 'fact' },
  ProjectionRebuildRequested: { projection: 'fact', requestedAt: 'fact' },
  ForwarderSeen: { forwarderId: 'fact', tenantId: 'fact', app: 'fact', device: 'merchant', seenAt: 'fact' },
  ForwarderAccountSeen: { forwarderId: 'fact', tenantId: 'fact', gateway: 'fact', account: 'merchant', sim: 'fact', seenAt: 'fact' },
  ForwarderHeartbeat: { forwarderId: 'fact', status: 'fact', at: 'fact', recordedAt: 'fact' },
  ForwarderNamed: { forwarderId: 'fact', name: 'merchant', namedBy: 'operator' },
  ForwarderRetired: { forwarderId: 'fact', retiredBy: 'operator', retiredAt: 'fact' },
  ForwarderCredentialIssued: { forwarderId: 'fact', tenantId: 'fact', credential: 'secret', issuedBy: 'operator', issuedAt: 'fact' },
  ForwarderCredentialRevoked: { forwarderId: 'fact', keyId: 'fact', revokedBy: 'operator', revokedAt: 'fact' },
  ForwarderWentSilent: { forwarderId: 'fact', tenantId: 'fact', lastHeardAt: 'fact', usualQuietMs: 'fact', pendingGateways: 'fact', detectedAt: 'fact' },
  ForwarderRecovered: { forwarderId: 'fact', tenantId: 'fact', silentSince: 'fact', heardAt: 'fact' },
  AlertAcknowledged: { alertId: 'fact', tenantId: 'fact', kind: 'fact', acknowledgedBy: 'operator', note: 'operator', acknowledgedAt: 'fact' },
  PaymentLinkCreated: {
    linkId: 'fact',
    tenantId: 'fact',
    code: 'fact',
    description: 'merchant',
    amountPaisa: 'fact',
    minAmountPaisa: 'fact',
    maxAmountPaisa: 'fact',
    gateways: 'fact',
    maxUses: 'fact',
    expiresAt: 'fact',
    returnUrl: 'merchant',
    clientMetadata: 'merchant',
    createdBy: 'operator',
    createdAt: 'fact',
  },
  PaymentLinkUsed: { linkId: 'fact', tenantId: 'fact', paymentId: 'fact', amountPaisa: 'fact', payerName: 'payer', payerPhone: 'payer', usedAt: 'fact' },
  PaymentLinkDisabled: { linkId: 'fact', tenantId: 'fact', disabledBy: 'operator', disabledAt: 'fact' },
  PayerDataErased: { erasureId: 'fact', tenantId: 'fact', target: 'fact', subjects: 'fact', reason: 'operator', erasedBy: 'operator', erasedAt: 'fact' },
  PayerDataExpired: { erasureId: 'fact', tenantId: 'fact', subjects: 'fact', retentionDays: 'fact', recordedBefore: 'fact', expiredAt: 'fact' },
};
