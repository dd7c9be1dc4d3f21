import { Event, eventGuard } from '../event';
import { HashedCredential } from '../tenants/tenant-registered.event';

export const OPERATOR_TOKEN_ISSUED = 'OperatorTokenIssued';
export const OPERATOR_TOKEN_REVOKED = 'OperatorTokenRevoked';

/** A named operator and their token (its hash only); `issuedBy` names the operator who issued it, or `admin`. */
export interface OperatorTokenIssuedData {
  readonly operatorId: string;
  readonly name: string;
  readonly token: HashedCredential;
  readonly issuedBy: string;
  readonly issuedAt: string;
}

/** The token no longer opens the operators' API, at once, in every process. */
export interface OperatorTokenRevokedData {
  readonly operatorId: string;
  readonly revokedBy: string;
  readonly revokedAt: string;
}

export type OperatorTokenIssued = Event<typeof OPERATOR_TOKEN_ISSUED, OperatorTokenIssuedData>;
export type OperatorTokenRevoked = Event<typeof OPERATOR_TOKEN_REVOKED, OperatorTokenRevokedData>;
/** Every event of an operator stream. */
export type OperatorEvent = OperatorTokenIssued | OperatorTokenRevoked;
export const isOperatorEvent = eventGuard<OperatorEvent>({ [OPERATOR_TOKEN_ISSUED]: true, [OPERATOR_TOKEN_REVOKED]: true });
