import {
  FORWARDER_ACCOUNT_SEEN,
  FORWARDER_CREDENTIAL_ISSUED,
  FORWARDER_CREDENTIAL_REVOKED,
  FORWARDER_HEARTBEAT,
  FORWARDER_NAMED,
  FORWARDER_RECOVERED,
  FORWARDER_RETIRED,
  FORWARDER_SEEN,
  FORWARDER_WENT_SILENT,
  ForwarderEvent,
  SMS_PARSED,
  SMS_REJECTED,
  SmsParse,
  SmsParsedData,
} from '@pvs/contracts';
import { Refusal, fold } from '../decider';
import { forwarderIdFor } from '../ids/payment-id';
import { BOOTSTRAP_ADMIN, Principal } from '../operator';
import { DeciderSpecification } from '../testing/decider-specification';
import { CarriedAccount } from './evolve';
import { ForwarderCommand, ForwarderHandle, MAX_CARRIED_ACCOUNTS, NAMED_BY_PAYLOAD, accountCarriedBy, decideForwarder, forwarderDecider, forwarderIdOf } from './decide';

const TENANT = '6a1f0c2e-8d3b-4e7a-9c5d-2b1e0f3a4c5d';
const phone: ForwarderHandle = { tenantId: TENANT, app: 'sms_gateway_app', device: 'ZXhhbXBsZQ', namedBy: 'payload' };
const ID = forwarderIdFor(TENANT, 'sms_gateway_app', 'ZXhhbXBsZQ');
const ayesha: Principal = { id: 'op_0a1b2c3d4e5f6071', name: 'Ayesha Siddiqui' };
const T0 = '2026-11-27T08:00:00.000Z';
const T1 = '2026-11-27T09:00:00.000Z';

const seen = (at = T0): ForwarderEvent => ({ type: FORWARDER_SEEN, data: { forwarderId: ID, tenantId: TENANT, app: 'sms_gateway_app', device: 'ZXhhbXBsZQ', seenAt: at } });
const beat = (status: 'online' | 'offline', at: string, recordedAt = at): ForwarderEvent => ({ type: FORWARDER_HEARTBEAT, data: { forwarderId: ID, status, at, recordedAt } });
const named = (name: string, by = 'Ayesha Siddiqui'): ForwarderEvent => ({ type: FORWARDER_NAMED, data: { forwarderId: ID, name, namedBy: by } });
const retired = (at = T1): ForwarderEvent => ({ type: FORWARDER_RETIRED, data: { forwarderId: ID, retiredBy: 'admin', retiredAt: at } });

const T2 = '2026-11-27T12:00:00.000Z';
const silent = (detectedAt = T2, lastHeardAt = T1): ForwarderEvent => ({
  type: FORWARDER_WENT_SILENT,
  data: { forwarderId: ID, tenantId: TENANT, lastHeardAt, usualQuietMs: 7_200_000, pendingGateways: ['wallet_one'], detectedAt },
});
const recovered = (heardAt: string): ForwarderEvent => ({ type: FORWARDER_RECOVERED, data: { forwarderId: ID, tenantId: TENANT, silentSince: T2, heardAt } });
const markSilent: ForwarderCommand = { type: 'MarkSilent', lastHeardAt: new Date(T1), usualQuietMs: 7_200_000, pendingGateways: ['wallet_one'], now: new Date(T2) };
const hear = (at = T1, carrying: CarriedAccount | null = null): ForwarderCommand => ({ type: 'Hear', from: phone, carrying, now: new Date(at) });
const notFound: Refusal = { kind: 'not_found', message: 'Forwarder not found' };

const given = DeciderSpecification.for(forwarderDecider);

describe('decideForwarder', () => {
  it.each<[string, ForwarderEvent[], ForwarderCommand, ForwarderEvent[]]>([
    ['Hear a phone never heard', [], hear(T0), [seen(T0)]],
    ['Hear it again', [seen()], hear(), []],
    ['Hear it after it was retired', [seen(), retired()], hear('2026-11-27T10:00:00.000Z'), [seen('2026-11-27T10:00:00.000Z')]],
    ['a heartbeat of a phone never heard', [], { type: 'Beat', from: phone, status: 'online', at: null, now: new Date(T0) }, [seen(T0), beat('online', T0)]],
    ['a heartbeat that says when', [seen()], { type: 'Beat', from: phone, status: 'offline', at: new Date(T0), now: new Date(T1) }, [beat('offline', T0, T1)]],
    ['a heartbeat after retirement', [seen(), retired()], { type: 'Beat', from: phone, status: 'online', at: null, now: new Date(T1) }, [seen(T1), beat('online', T1)]],
    ['Name it', [seen()], { type: 'Name', name: 'Shop counter', by: ayesha }, [named('Shop counter')]],
    ['Name it as it is named', [seen(), named('Shop counter')], { type: 'Name', name: 'Shop counter', by: BOOTSTRAP_ADMIN }, []],
    ['Rename it', [seen(), named('Shop counter')], { type: 'Name', name: 'Back office', by: BOOTSTRAP_ADMIN }, [named('Back office', 'admin')]],
    ['Retire it', [seen()], { type: 'Retire', by: BOOTSTRAP_ADMIN, now: new Date(T1) }, [retired()]],
    ['Retire it again', [seen(), retired()], { type: 'Retire', by: ayesha, now: new Date('2026-11-28T00:00:00.000Z') }, []],
    ['Retire it after it came back', [seen(), retired(), seen(T1)], { type: 'Retire', by: BOOTSTRAP_ADMIN, now: new Date(T1) }, [retired()]],
    ['MarkSilent a phone in use', [seen()], markSilent, [silent()]],
    ['MarkSilent it again', [seen(), silent()], markSilent, []],
    ['MarkSilent a retired phone', [seen(), retired()], markSilent, []],
    ['MarkSilent it on a reading from before its recovery', [seen(), silent(), recovered('2026-11-27T13:00:00.000Z')], markSilent, []],
    ['MarkSilent it on a reading from before an online heartbeat', [seen(), beat('online', T2)], markSilent, []],
    ['MarkSilent it on a reading from before an offline heartbeat', [seen(), beat('offline', T2)], markSilent, [silent()]],
    [
      'MarkSilent it again after it recovered',
      [seen(), silent(), recovered('2026-11-27T13:00:00.000Z')],
      { ...markSilent, lastHeardAt: new Date('2026-11-27T13:00:00.000Z'), now: new Date('2026-11-27T16:00:00.000Z') },
      [silent('2026-11-27T16:00:00.000Z', '2026-11-27T13:00:00.000Z')],
    ],
    ['Hear a silent phone', [seen(), silent()], hear('2026-11-27T13:00:00.000Z'), [recovered('2026-11-27T13:00:00.000Z')]],
    ['Hear it once it recovered', [seen(), silent(), recovered(T2)], hear(), []],
    ['an online heartbeat of a silent phone', [seen(), silent()], { type: 'Beat', from: phone, status: 'online', at: null, now: new Date(T2) }, [recovered(T2), beat('online', T2)]],
    ['an offline heartbeat of a silent phone: no sign of life', [seen(), silent()], { type: 'Beat', from: phone, status: 'offline', at: null, now: new Date(T2) }, [beat('offline', T2)]],
    ['an offline heartbeat of a retired phone: not back', [seen(), retired()], { type: 'Beat', from: phone, status: 'offline', at: null, now: new Date(T2) }, [beat('offline', T2)]],
    ['an offline heartbeat of a phone never heard', [], { type: 'Beat', from: phone, status: 'offline', at: null, now: new Date(T0) }, [seen(T0), beat('offline', T0)]],
    ['Retire a silent phone: the silence ends unremarked', [seen(), silent()], { type: 'Retire', by: BOOTSTRAP_ADMIN, now: new Date(T1) }, [retired()]],
  ])('%s', (_label, history, command, expected) => {
    given(history).when(command).then(expected);
  });

  it.each<[string, ForwarderCommand]>([
    ['Name a phone never heard', { type: 'Name', name: 'x', by: ayesha }],
    ['Retire a phone never heard', { type: 'Retire', by: ayesha, now: new Date(T1) }],
    ['MarkSilent a phone never heard', markSilent],
  ])('%s is refused as not found', (_label, command) => {
    given([]).when(command).thenRefuses(notFound);
  });

  it('is the decide of the forwarder decider, which starts from no phone', () => {
    expect(forwarderDecider.decide).toBe(decideForwarder);
    expect(forwarderDecider.initialState).toBeNull();
  });

  it("keeps the phone's latest word, whatever order its words were recorded in, and nothing before it was seen", () => {
    expect(fold(forwarderDecider, [seen(T2), beat('online', T0, T0)])?.lastWordAt).toBe(T2);
    expect(fold(forwarderDecider, [seen(T0), beat('online', T2, T2), seen(T1)])?.lastWordAt).toBe(T2);
    expect(fold(forwarderDecider, [beat('online', T0), named('x'), retired()])).toBeNull();
  });

  it('is out of its silence once retired, and in it again only when the watch says so', () => {
    expect(fold(forwarderDecider, [seen(), silent()])?.silentSince).toBe(T2);
    expect(fold(forwarderDecider, [seen(), silent(), retired()])?.silentSince).toBeNull();
    expect(fold(forwarderDecider, [seen(), silent(), recovered(T2)])?.silentSince).toBeNull();
    expect(fold(forwarderDecider, [seen(), silent(), retired(), seen(T2)])?.silentSince).toBeNull();
  });

  it('folds what it was told: name, last heartbeat, retirement, and keeps them when the phone comes back', () => {
    const state = fold(forwarderDecider, [seen(), named('Shop counter'), beat('online', T0), beat('offline', T1), retired(), seen('2026-11-28T00:00:00.000Z')]);
    expect(state).toEqual({
      id: ID,
      tenantId: TENANT,
      app: 'sms_gateway_app',
      device: 'ZXhhbXBsZQ',
      name: 'Shop counter',
      firstSeenAt: T0,
      heartbeat: { status: 'offline', at: T1 },
      retiredAt: null,
      silentSince: null,
      lastWordAt: '2026-11-28T00:00:00.000Z',
      credential: null,
      accounts: [],
    });
  });

  it('names a phone by its app and device, or by the merchant whatever app posts', () => {
    expect(forwarderIdOf(phone)).toBe(ID);
    const byHeader = { ...phone, device: 'counter', namedBy: 'header' } as const;
    expect(forwarderIdOf(byHeader)).toBe(forwarderIdOf({ ...byHeader, app: 'native' }));
    expect(forwarderIdOf(byHeader)).not.toBe(forwarderIdOf({ ...byHeader, namedBy: 'payload' }));
  });
});

describe('the accounts a phone carries', () => {
  const jazzCash: CarriedAccount = { gateway: 'wallet_one', account: '4821', sim: 1 };
  const onSim2: CarriedAccount = { ...jazzCash, sim: 2 };
  const bank: CarriedAccount = { gateway: 'bank', account: null, sim: null };
  const accountSeen = (carried: CarriedAccount, at = T1): ForwarderEvent => ({ type: FORWARDER_ACCOUNT_SEEN, data: { forwarderId: ID, tenantId: TENANT, ...carried, seenAt: at } });

  it.each<[string, ForwarderEvent[], ForwarderCommand, ForwarderEvent[]]>([
    ['the first SMS of a new phone names an account', [], hear(T0, jazzCash), [seen(T0), accountSeen(jazzCash, T0)]],
    ['an account it has not carried', [seen()], hear(T1, jazzCash), [accountSeen(jazzCash)]],
    ['one it carries', [seen(), accountSeen(jazzCash)], hear(T2, jazzCash), []],
    ['the same account on its other SIM', [seen(), accountSeen(jazzCash)], hear(T1, onSim2), [accountSeen(onSim2)]],
    ['an account its SMS do not state', [seen(), accountSeen(jazzCash)], hear(T1, bank), [accountSeen(bank)]],
    ['the same digits at another gateway', [seen(), accountSeen(jazzCash)], hear(T1, { ...jazzCash, gateway: 'wallet_two' }), [accountSeen({ ...jazzCash, gateway: 'wallet_two' })]],
    ['another account of the same gateway on the same SIM', [seen(), accountSeen(jazzCash)], hear(T1, { ...jazzCash, account: '0345' }), [accountSeen({ ...jazzCash, account: '0345' })]],
    ['an SMS naming no money', [seen(), accountSeen(jazzCash)], hear(T1, null), []],
    ['a silent phone speaks of a new account', [seen(), silent()], hear('2026-11-27T13:00:00.000Z', jazzCash), [recovered('2026-11-27T13:00:00.000Z'), accountSeen(jazzCash, '2026-11-27T13:00:00.000Z')]],
    ['a retired phone comes back with an account it carried', [seen(), accountSeen(jazzCash), retired()], hear(T2, jazzCash), [seen(T2)]],
  ])('%s', (_label, history, command, events) => {
    given(history).when(command).then(events);
  });

  it('lists them in the order first seen, and stops listing at the cap', () => {
    const many = Array.from({ length: MAX_CARRIED_ACCOUNTS }, (_, i): CarriedAccount => ({ gateway: 'bank', account: String(1000 + i), sim: null }));
    const full = [seen(), ...many.map((carried) => accountSeen(carried))];
    expect(fold(forwarderDecider, full)?.accounts).toEqual(many.map((carried) => ({ ...carried, since: T1 })));
    given(full).when(hear(T2, jazzCash)).thenNothingHappened();
    given([seen(), ...many.slice(1).map((carried) => accountSeen(carried))])
      .when(hear(T2, jazzCash))
      .then([accountSeen(jazzCash, T2)]);
  });

  it('reads the account from a credit, or from a debit stating its balance, and none from any other SMS', () => {
    const credit: SmsParsedData = {
      smsId: 'sms-1', tenantId: TENANT, gateway: 'wallet_two', tier: 'template', templateId: null, institution: null, reference: '123', normalizedReference: '123',
      amountPaisa: 150_000, payer: null, receivingAccount: '0345', balancePaisa: null, occurredAt: null, reparsed: false,
    };
    const parsed: SmsParse = { type: SMS_PARSED, data: credit };
    expect(accountCarriedBy(parsed, 2)).toEqual({ gateway: 'wallet_two', account: '0345', sim: 2 });
    const debit: SmsParse = { type: SMS_REJECTED, data: { smsId: 'sms-2', tenantId: TENANT, reason: 'not_a_credit', debit: { gateway: 'bank', amountPaisa: 5_000, balancePaisa: 10_000, account: null } } };
    expect(accountCarriedBy(debit, null)).toEqual({ gateway: 'bank', account: null, sim: null });
    expect(accountCarriedBy({ type: SMS_REJECTED, data: { smsId: 'sms-3', tenantId: TENANT, reason: 'not_a_credit' } }, 1)).toBeNull();
  });
});

describe('a phone’s own key', () => {
  const counter: ForwarderHandle = { tenantId: TENANT, app: 'native', device: 'counter-phone', namedBy: 'header' };
  const COUNTER = forwarderIdFor(TENANT, null, 'counter-phone');
  const key = { keyId: '0a1b2c3d4e5f6071', hash: 'f'.repeat(64) };
  const next = { keyId: '1a1b2c3d4e5f6071', hash: 'e'.repeat(64) };
  const counterSeen: ForwarderEvent = { type: FORWARDER_SEEN, data: { forwarderId: COUNTER, tenantId: TENANT, app: 'native', device: 'counter-phone', seenAt: T0 } };
  const issued = (credential = key, at = T0): ForwarderEvent => ({
    type: FORWARDER_CREDENTIAL_ISSUED,
    data: { forwarderId: COUNTER, tenantId: TENANT, credential, issuedBy: 'Ayesha Siddiqui', issuedAt: at },
  });
  const issue = (from: ForwarderHandle | null, credential = key, at = T0): ForwarderCommand => ({ type: 'IssueCredential', credential, from, by: ayesha, now: new Date(at) });

  it.each<[string, ForwarderEvent[], ForwarderCommand, ForwarderEvent[]]>([
    ['provisioned: the phone is known from its key on', [], issue(counter), [counterSeen, issued()]],
    ['issued to a phone its merchant named', [counterSeen], issue(null), [issued()]],
    ['a new key for a phone with one', [counterSeen, issued()], issue(null, next, T1), [issued(next, T1)]],
    [
      'revoked',
      [counterSeen, issued()],
      { type: 'RevokeCredential', by: ayesha, now: new Date(T1) },
      [{ type: FORWARDER_CREDENTIAL_REVOKED, data: { forwarderId: COUNTER, keyId: key.keyId, revokedBy: 'Ayesha Siddiqui', revokedAt: T1 } }],
    ],
    ['revoked when it has none', [counterSeen], { type: 'RevokeCredential', by: ayesha, now: new Date(T1) }, []],
  ])('%s', (_, history, command, expected) => {
    given(history).when(command).then(expected);
  });

  it.each<[string, ForwarderEvent[], ForwarderCommand, Refusal]>([
    ['issued to a phone never heard, without a name', [], issue(null), notFound],
    ['issued to a phone its app names', [seen()], issue(null), { kind: 'conflict', message: NAMED_BY_PAYLOAD }],
    ['revoked for a phone never heard', [], { type: 'RevokeCredential', by: ayesha, now: new Date(T1) }, notFound],
  ])('%s: refused', (_, history, command, refusal) => {
    given(history).when(command).thenRefuses(refusal);
  });

  it('holds the last key issued, and none once it is revoked (a revocation of an older key changes nothing)', () => {
    const state = fold(forwarderDecider, [counterSeen, issued(), issued(next, T1)]);
    expect(state?.credential).toEqual(next);
    const revokedOld: ForwarderEvent = { type: FORWARDER_CREDENTIAL_REVOKED, data: { forwarderId: COUNTER, keyId: key.keyId, revokedBy: 'admin', revokedAt: T1 } };
    expect(forwarderDecider.evolve(state, revokedOld)?.credential).toEqual(next);
    expect(forwarderDecider.evolve(state, { ...revokedOld, data: { ...revokedOld.data, keyId: next.keyId } })?.credential).toBeNull();
  });
});
