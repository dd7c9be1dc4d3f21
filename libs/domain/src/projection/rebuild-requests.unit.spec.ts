import { PROJECTION_REBUILD_REQUESTED, ProjectionRebuildRequested } from '@pvs/contracts';
import { fold } from '../decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { ALREADY_REBUILDING, decideRebuild, rebuildRequestsDecider } from './rebuild-requests';

const requested = (projection: string, requestedAt: string): ProjectionRebuildRequested => ({
  type: PROJECTION_REBUILD_REQUESTED,
  data: { projection, requestedAt },
});

const given = DeciderSpecification.for(rebuildRequestsDecider);

describe('decideRebuild', () => {
  it.each([
    ['payments', new Date('2026-11-26T10:00:00.000Z'), [requested('payments', '2026-11-26T10:00:00.000Z')]],
    ['tenant-daily', new Date('2026-12-01T23:59:59.999Z'), [requested('tenant-daily', '2026-12-01T23:59:59.999Z')]],
  ] as const)('requests a rebuild of %s when none is in progress', (projection, now, expected) => {
    given([]).when({ projection, inProgress: false, now }).then(expected);
  });

  it('refuses while a rebuild is requested or running', () => {
    const command = { projection: 'payments', inProgress: true, now: new Date('2026-11-26T10:00:00.000Z') };
    given([]).when(command).thenRefuses({ kind: 'conflict', message: 'A rebuild of this projection is already requested or running' });
    expect(rebuildRequestsDecider.decide).toBe(decideRebuild);
    expect(ALREADY_REBUILDING).toBe('A rebuild of this projection is already requested or running');
  });
});

describe('rebuildRequestsDecider', () => {
  it.each([
    ['no request', []],
    ['earlier requests', [requested('payments', '2026-11-25T10:00:00.000Z'), requested('payments', '2026-11-26T10:00:00.000Z')]],
  ] as const)('keeps no state: %s', (_, events) => {
    expect(rebuildRequestsDecider.initialState).toBeNull();
    expect(fold(rebuildRequestsDecider, events)).toBeNull();
  });

  it.each([
    [requested('payments', '2026-11-26T10:00:00.000Z'), true],
    [{ type: 'TenantUpdated', data: {} }, false],
  ] as const)('tells its events: %o', (event, expected) => {
    expect(rebuildRequestsDecider.isEvent(event)).toBe(expected);
  });
});
