import { Event } from '@pvs/contracts';
import { Decision, accept, refuse } from '../decider';
import { DeciderSpecification } from './decider-specification';

// A tally that counts up to three: adding once more than that is refused, adding zero records nothing.
type Added = Event<'Added', { readonly by: number }>;
type Add = { readonly by: number };
const added = (by: number): Added => ({ type: 'Added', data: { by } });
const FULL = { kind: 'conflict', message: 'The tally is full' } as const;

const tally = {
  initialState: 0,
  evolve: (total: number, event: Added) => total + event.data.by,
  decide: (command: Add, total: number): Decision<Added> => {
    if (total + command.by > 3) return refuse(FULL.kind, FULL.message);
    return command.by === 0 ? accept() : accept(added(command.by), added(0));
  },
};
const spec = DeciderSpecification.for(tally);

describe('DeciderSpecification', () => {
  describe('then', () => {
    it('passes on exactly the events decided, in their order', () => {
      spec([]).when({ by: 2 }).then([added(2), added(0)]);
    });

    it.each([
      ['other events', [added(3), added(0)]],
      ['the same events in another order', [added(0), added(2)]],
      ['one event missing', [added(2)]],
      ['one event more', [added(2), added(0), added(0)]],
      ['no event', []],
    ])('fails on %s', (_, expected) => {
      expect(() => spec([]).when({ by: 2 }).then(expected)).toThrow();
    });

    it('fails on an unexpected refusal', () => {
      expect(() => spec([added(3)]).when({ by: 1 }).then([added(1), added(0)])).toThrow(/The tally is full/);
    });

    it('decides on the state the given events fold to', () => {
      spec([added(1), added(1)]).when({ by: 1 }).then([added(1), added(0)]);
      expect(() => spec([added(1), added(1)]).when({ by: 2 }).then([added(2), added(0)])).toThrow();
    });
  });

  describe('thenNothingHappened', () => {
    it('passes when the command records nothing', () => {
      spec([added(1)]).when({ by: 0 }).thenNothingHappened();
    });

    it('fails when the command records events', () => {
      expect(() => spec([]).when({ by: 1 }).thenNothingHappened()).toThrow();
    });

    it('fails when the command is refused', () => {
      expect(() => spec([added(3)]).when({ by: 1 }).thenNothingHappened()).toThrow();
    });
  });

  describe('thenRefuses', () => {
    it('passes on exactly the refusal decided', () => {
      spec([added(3)]).when({ by: 1 }).thenRefuses(FULL);
    });

    it.each([
      ['another kind', { ...FULL, kind: 'unprocessable' }],
      ['another message', { ...FULL, message: 'The tally is not full' }],
    ] as const)('fails on a refusal of %s', (_, expected) => {
      expect(() => spec([added(3)]).when({ by: 1 }).thenRefuses(expected)).toThrow();
    });

    it('fails when the command is carried out', () => {
      expect(() => spec([]).when({ by: 1 }).thenRefuses(FULL)).toThrow();
    });

    it('fails when the command records nothing', () => {
      expect(() => spec([]).when({ by: 0 }).thenRefuses(FULL)).toThrow();
    });
  });
});
