import { HashedCredential, OPERATOR_TOKEN_ISSUED, OperatorEvent } from '@pvs/contracts';

/** Whoever a request to the operators' API comes from: a named operator, or the bootstrap admin token. */
export interface Principal {
  /** The operator id (their token's key id), or `admin`. */
  readonly id: string;
  readonly name: string;
}

export const BOOTSTRAP_ADMIN: Principal = { id: 'admin', name: 'admin' };

/** A named operator as folded from their stream. */
export interface Operator extends Principal {
  readonly token: HashedCredential;
  readonly issuedBy: string;
  readonly issuedAt: string;
  readonly revokedAt: string | null;
  readonly revokedBy: string | null;
}

export type OperatorState = Operator | null;

export function evolveOperator(operator: OperatorState, event: OperatorEvent): OperatorState {
  if (event.type === OPERATOR_TOKEN_ISSUED) {
    const { data } = event;
    return { id: data.operatorId, name: data.name, token: data.token, issuedBy: data.issuedBy, issuedAt: data.issuedAt, revokedAt: null, revokedBy: null };
  }
  return operator && { ...operator, revokedAt: event.data.revokedAt, revokedBy: event.data.revokedBy };
}
