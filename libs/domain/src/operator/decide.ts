import { HashedCredential, OPERATOR_TOKEN_ISSUED, OPERATOR_TOKEN_REVOKED, OperatorEvent, isOperatorEvent } from '@pvs/contracts';
import { Decider, Decision, accept, refuse } from '../decider';
import { OperatorState, Principal, evolveOperator } from './evolve';

export const OPERATOR_NOT_FOUND = 'Operator not found';

export type OperatorCommand =
  | { readonly type: 'Issue'; readonly name: string; readonly token: HashedCredential; readonly by: Principal; readonly now: Date }
  | { readonly type: 'Revoke'; readonly by: Principal; readonly now: Date };

/** An operator's token is issued once (its key id names the stream) and revoked at most once. */
export function decideOperator(command: OperatorCommand, operator: OperatorState): Decision<OperatorEvent> {
  if (command.type === 'Issue') {
    if (operator) return refuse('conflict', 'Operator already issued');
    const { name, token, by, now } = command;
    return accept({ type: OPERATOR_TOKEN_ISSUED, data: { operatorId: token.keyId, name, token, issuedBy: by.name, issuedAt: now.toISOString() } });
  }
  if (!operator) return refuse('not_found', OPERATOR_NOT_FOUND);
  if (operator.revokedAt !== null) return accept();
  return accept({ type: OPERATOR_TOKEN_REVOKED, data: { operatorId: operator.id, revokedBy: command.by.name, revokedAt: command.now.toISOString() } });
}

export const operatorDecider: Decider<OperatorCommand, OperatorState, OperatorEvent> = {
  initialState: null,
  isEvent: isOperatorEvent,
  evolve: evolveOperator,
  decide: decideOperator,
};
