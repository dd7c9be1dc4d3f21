import { OPERATOR_TOKEN_ISSUED, OPERATOR_TOKEN_REVOKED, OperatorEvent, OperatorTokenIssued, OperatorTokenRevoked } from '@pvs/contracts';
import { Refusal, fold } from '../decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { OPERATOR_NOT_FOUND, OperatorCommand, decideOperator, operatorDecider } from './decide';
import { BOOTSTRAP_ADMIN, Operator, Principal, evolveOperator } from './evolve';

const OPERATOR_ID = 'op_3f9a1c7e2b5d4e60';
const token = { keyId: OPERATOR_ID, hash: 'scrypt$16384$8$1$c2FsdA$aGFzaA' };
const ayesha: Principal = { id: 'op_0a1b2c3d4e5f6071', name: 'Ayesha Siddiqui' };
const ISSUED_AT = '2026-11-01T09:00:00.000Z';
const REVOKED_AT = '2026-11-26T10:00:00.000Z';

const issue = (by: Principal): OperatorCommand => ({ type: 'Issue', name: 'Bilal Ahmed', token, by, now: new Date(ISSUED_AT) });
const revoke = (by: Principal, at = REVOKED_AT): OperatorCommand => ({ type: 'Revoke', by, now: new Date(at) });

const issued = (issuedBy: string): OperatorTokenIssued => ({
  type: OPERATOR_TOKEN_ISSUED,
  data: { operatorId: OPERATOR_ID, name: 'Bilal Ahmed', token, issuedBy, issuedAt: ISSUED_AT },
});
const revoked = (revokedBy: string, revokedAt = REVOKED_AT): OperatorTokenRevoked => ({ type: OPERATOR_TOKEN_REVOKED, data: { operatorId: OPERATOR_ID, revokedBy, revokedAt } });

const conflict: Refusal = { kind: 'conflict', message: 'Operator already issued' };
const notFound: Refusal = { kind: 'not_found', message: 'Operator not found' };

const given = DeciderSpecification.for(operatorDecider);

describe('decideOperator', () => {
  it.each<[string, OperatorEvent[], OperatorCommand, OperatorEvent[]]>([
    ['Issue by the bootstrap admin', [], issue(BOOTSTRAP_ADMIN), [issued('admin')]],
    ['Issue by an operator', [], issue(ayesha), [issued('Ayesha Siddiqui')]],
    ['Revoke', [issued('admin')], revoke(ayesha), [revoked('Ayesha Siddiqui')]],
    ['Revoke by the bootstrap admin', [issued('Ayesha Siddiqui')], revoke(BOOTSTRAP_ADMIN, '2026-12-31T23:59:59.999Z'), [revoked('admin', '2026-12-31T23:59:59.999Z')]],
    ['Revoke again', [issued('admin'), revoked('admin')], revoke(ayesha), []],
  ])('%s', (_, history, command, expected) => {
    given(history).when(command).then(expected);
  });

  it.each<[string, OperatorEvent[], OperatorCommand, Refusal]>([
    ['Issue again', [issued('admin')], issue(BOOTSTRAP_ADMIN), conflict],
    ['Issue again after revocation', [issued('admin'), revoked('admin')], issue(ayesha), conflict],
    ['Revoke an operator never issued', [], revoke(ayesha), notFound],
  ])('%s is refused', (_, history, command, refusal) => {
    given(history).when(command).thenRefuses(refusal);
  });

  it('names the refusal', () => {
    expect(OPERATOR_NOT_FOUND).toBe('Operator not found');
    expect(operatorDecider.decide).toBe(decideOperator);
  });
});

describe('evolveOperator', () => {
  const operator: Operator = {
    id: OPERATOR_ID,
    name: 'Bilal Ahmed',
    token,
    issuedBy: 'admin',
    issuedAt: ISSUED_AT,
    revokedAt: null,
    revokedBy: null,
  };

  it.each<[string, OperatorEvent[], Operator | null]>([
    ['no event', [], null],
    ['issued', [issued('admin')], operator],
    ['revoked', [issued('admin'), revoked('Ayesha Siddiqui')], { ...operator, revokedAt: REVOKED_AT, revokedBy: 'Ayesha Siddiqui' }],
    ['a revocation before the issue', [revoked('admin')], null],
  ])('%s', (_, events, expected) => {
    expect(operatorDecider.initialState).toBeNull();
    expect(fold(operatorDecider, events)).toStrictEqual(expected);
  });

  it('folds with evolveOperator and tells its events', () => {
    expect(operatorDecider.evolve).toBe(evolveOperator);
    expect(operatorDecider.isEvent(issued('admin'))).toBe(true);
    expect(operatorDecider.isEvent(revoked('admin'))).toBe(true);
    expect(operatorDecider.isEvent({ type: 'TenantRegistered', data: {} })).toBe(false);
  });
});

describe('BOOTSTRAP_ADMIN', () => {
  it('is the principal named admin', () => {
    expect(BOOTSTRAP_ADMIN).toStrictEqual({ id: 'admin', name: 'admin' });
  });
});
