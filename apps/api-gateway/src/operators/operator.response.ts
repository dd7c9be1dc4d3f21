import { ApiSchema } from '@nestjs/swagger';
import { Operator, Principal } from '@pvs/domain';
import { DateTimeProperty, TextProperty } from '@pvs/contracts/http';
import { OPERATOR_ID } from './operator-accounts';

/** A named operator: never their token. */
@ApiSchema({ name: 'Operator' })
export class OperatorResponse {
  @TextProperty({ pattern: OPERATOR_ID.source }) readonly id!: string;
  @TextProperty() readonly name!: string;
  @TextProperty() readonly issued_by!: string;
  @DateTimeProperty() readonly issued_at!: string;
  @DateTimeProperty({ nullable: true }) readonly revoked_at!: string | null;

  static of(operator: Operator): OperatorResponse {
    return { id: operator.id, name: operator.name, issued_by: operator.issuedBy, issued_at: operator.issuedAt, revoked_at: operator.revokedAt };
  }
}

/** An operator just issued, with their token. */
@ApiSchema({ name: 'IssuedOperator' })
export class IssuedOperatorResponse extends OperatorResponse {
  @TextProperty({ description: 'pvsop_…, shown only this once' }) readonly token!: string;

  static ofIssued({ operator, token }: { operator: Operator; token: string }): IssuedOperatorResponse {
    return { ...OperatorResponse.of(operator), token };
  }
}

/** Who a token belongs to: an operator, or `admin` for the bootstrap token. */
@ApiSchema({ name: 'Principal' })
export class PrincipalResponse {
  @TextProperty() readonly id!: string;
  @TextProperty() readonly name!: string;

  static of(principal: Principal): PrincipalResponse {
    return { id: principal.id, name: principal.name };
  }
}
