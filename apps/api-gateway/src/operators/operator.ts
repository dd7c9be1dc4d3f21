import { HashedCredential, OPERATOR_TOKEN_ISSUED, OPERATOR_TOKEN_REVOKED, OperatorTokenIssuedData, OperatorTokenRevokedData } from '@pvs/contracts';
import { RecordedEvent } from '@pvs/event-store';

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
  readonly version: number;
}

export function evolveOperator(operator: Operator | null, event: RecordedEvent): Operator | null {
  switch (event.type) {
    case OPERATOR_TOKEN_ISSUED: {
      const data = event.data as OperatorTokenIssuedData;
      return {
        id: data.operatorId,
        name: data.name,
        token: data.token,
        issuedBy: data.issuedBy,
        issuedAt: data.issuedAt,
        revokedAt: null,
        revokedBy: null,
        version: event.streamVersion,
      };
    }
    case OPERATOR_TOKEN_REVOKED: {
      if (!operator) return null;
      const data = event.data as OperatorTokenRevokedData;
      return { ...operator, revokedAt: data.revokedAt, revokedBy: data.revokedBy, version: event.streamVersion };
    }
    default:
      return operator;
  }
}

export function foldOperator(events: readonly RecordedEvent[]): Operator | null {
  return events.reduce<Operator | null>(evolveOperator, null);
}
