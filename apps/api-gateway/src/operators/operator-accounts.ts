import { Inject, Injectable } from '@nestjs/common';
import { OPERATOR_CATEGORY, isOperatorEvent, operatorStream } from '@pvs/contracts';
import { OPERATOR_NOT_FOUND, Operator, Principal, Result, evolveOperator, operatorDecider, refused, succeed } from '@pvs/domain';
import { EVENT_STORE, EventStore, RecordedEvent, aggregateStream, handleCommand } from '@pvs/event-store';
import { CLOCK, Clock } from '@pvs/runtime';
import { credentialMatches, issueCredential, parseCredential } from '@pvs/tenants';

const LIST_PAGE = 1_000;
/** An operator id is their token's key id. */
export const OPERATOR_ID = /^[0-9a-f]{16}$/;

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
    const { state: operator } = await aggregateStream(this.events, operatorStream(credential.keyId), operatorDecider);
    return operator && operator.revokedAt === null && credentialMatches(operator.token, credential) ? operator : null;
  }

  async issue(name: string, by: Principal, correlationId: string): Promise<Result<{ operator: Operator; token: string }>> {
    const token = issueCredential('pvsop');
    const command = { type: 'Issue', name, token: token.stored, by, now: this.clock.now() } as const;
    const issued = await handleCommand(this.events, operatorStream(token.stored.keyId), operatorDecider, command, {
      metadata: { correlationId },
      known: { state: null, version: 0 },
      maxRetries: 0,
    });
    if (!issued.ok) return issued;
    return issued.state ? succeed({ operator: issued.state, token: token.plaintext }) : refused('not_found', OPERATOR_NOT_FOUND);
  }

  /** Revoking a revoked operator changes nothing; a concurrent change is read before this one is decided again. */
  async revoke(operatorId: string, by: Principal, correlationId: string): Promise<Result<Operator>> {
    if (!OPERATOR_ID.test(operatorId)) return refused('not_found', OPERATOR_NOT_FOUND);
    const revoked = await handleCommand(this.events, operatorStream(operatorId), operatorDecider, { type: 'Revoke', by, now: this.clock.now() }, { metadata: { correlationId } });
    if (!revoked.ok) return revoked;
    return revoked.state ? succeed(revoked.state) : refused('not_found', OPERATOR_NOT_FOUND);
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
    if (!isOperatorEvent(event)) return;
    const id = event.streamName.slice(OPERATOR_CATEGORY.length + 1);
    const operator = evolveOperator(operators.get(id) ?? null, event);
    if (operator) operators.set(id, operator);
  }
}
