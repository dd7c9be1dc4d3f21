import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { OPERATOR_CATEGORY, OPERATOR_TOKEN_ISSUED, OPERATOR_TOKEN_REVOKED, OperatorTokenIssuedData, OperatorTokenRevokedData, operatorStream } from '@pvs/contracts';
import { EVENT_STORE, EventStore, NO_STREAM, RecordedEvent } from '@pvs/event-store';
import { CLOCK, Clock } from '@pvs/runtime';
import { credentialMatches, issueCredential, parseCredential } from '@pvs/tenants';
import { Operator, Principal, evolveOperator, foldOperator } from './operator';

const LIST_PAGE = 1_000;
/** An operator id is their token's key id. */
const OPERATOR_ID = /^[0-9a-f]{16}$/;

/**
 * Named operators and their tokens (`pvsop_<id>_<secret>`, shown once, kept as a hash). A token is checked against
 * its operator's own stream on every request, so a revocation counts at once in every process.
 */
@Injectable()
export class OperatorAccounts {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The operator whose live token this is, or null. */
  async authenticate(presented: string): Promise<Operator | null> {
    const credential = parseCredential('pvsop', presented);
    if (!credential) return null;
    const operator = foldOperator(await this.events.readStream(operatorStream(credential.keyId)));
    return operator && operator.revokedAt === null && credentialMatches(operator.token, credential) ? operator : null;
  }

  async issue(name: string, by: Principal, correlationId: string): Promise<{ operator: Operator; token: string }> {
    const token = issueCredential('pvsop');
    const data: OperatorTokenIssuedData = { operatorId: token.stored.keyId, name, token: token.stored, issuedBy: by.name, issuedAt: this.clock.now().toISOString() };
    const stream = operatorStream(data.operatorId);
    await this.events.append(stream, [{ type: OPERATOR_TOKEN_ISSUED, data, metadata: { correlationId } }], NO_STREAM);
    return { operator: this.found(await this.events.readStream(stream)), token: token.plaintext };
  }

  async revoke(operatorId: string, by: Principal, correlationId: string): Promise<Operator> {
    if (!OPERATOR_ID.test(operatorId)) throw new NotFoundException('Operator not found');
    const stream = operatorStream(operatorId);
    const operator = this.found(await this.events.readStream(stream));
    if (operator.revokedAt !== null) return operator;
    const data: OperatorTokenRevokedData = { operatorId, revokedBy: by.name, revokedAt: this.clock.now().toISOString() };
    // A concurrent change makes this a version conflict, which the exception filter answers with 409.
    await this.events.append(stream, [{ type: OPERATOR_TOKEN_REVOKED, data, metadata: { correlationId } }], operator.version);
    return this.found(await this.events.readStream(stream));
  }

  /** Every operator, revoked ones too, oldest first. */
  async list(): Promise<Operator[]> {
    const operators = new Map<string, Operator>();
    const filter = { categories: [OPERATOR_CATEGORY] };
    for (let page = await this.events.readAll({ filter, limit: LIST_PAGE }); page.length > 0; page = await this.events.readAll({ filter, after: page[page.length - 1].checkpoint, limit: LIST_PAGE })) {
      for (const event of page) this.apply(operators, event);
    }
    return [...operators.values()];
  }

  private apply(operators: Map<string, Operator>, event: RecordedEvent): void {
    const id = event.streamName.slice(OPERATOR_CATEGORY.length + 1);
    const operator = evolveOperator(operators.get(id) ?? null, event);
    if (operator) operators.set(id, operator);
  }

  private found(events: readonly RecordedEvent[]): Operator {
    const operator = foldOperator(events);
    if (!operator) throw new NotFoundException('Operator not found');
    return operator;
  }
}
