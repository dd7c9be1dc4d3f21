// Test support: given/when/then over a decider's pure functions, one argument order for every decider spec.
import { Event } from '@pvs/contracts';
import { Decider, Refusal, fold } from '../decider';

type Specified<Command, State, E extends Event> = Pick<Decider<Command, State, E>, 'initialState' | 'evolve' | 'decide'>;

/** What the decision on the command must be; each check decides anew, on the state the given events fold to. */
export interface ThenDecision<E extends Event> {
  /** Carried out, recording exactly these events in this order. */
  then(expected: readonly E[]): void;
  /** Carried out, recording nothing: the command was already satisfied. */
  thenNothingHappened(): void;
  /** Refused, with exactly this refusal. */
  thenRefuses(expected: Refusal): void;
}

export interface DeciderSpecification<Command, E extends Event> {
  (given: readonly E[]): { when(command: Command): ThenDecision<E> };
}

function deciderSpecificationFor<Command, State, E extends Event>(decider: Specified<Command, State, E>): DeciderSpecification<Command, E> {
  return (given) => ({
    when: (command) => {
      const decide = () => decider.decide(command, fold(decider, given));
      return {
        then: (expected) => expect(decide()).toStrictEqual({ ok: true, events: expected }),
        thenNothingHappened: () => expect(decide()).toStrictEqual({ ok: true, events: [] }),
        thenRefuses: (expected) => expect(decide()).toStrictEqual({ ok: false, refusal: expected }),
      };
    },
  });
}

/** `DeciderSpecification.for(decider)(givenEvents).when(command).then(expectedEvents)`, after Emmett's. */
export const DeciderSpecification = { for: deciderSpecificationFor };
