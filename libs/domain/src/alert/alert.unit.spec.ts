import { ALERT_ACKNOWLEDGED } from '@pvs/contracts';
import { DeciderSpecification } from '../testing/decider-specification';
import { alertDecider } from './alert';

const command = { alertId: 'a1', tenantId: 't1', kind: 'forwarder.silent' as const, by: { id: 'op1', name: 'Ayesha' }, note: 'calling the shop', now: new Date('2026-11-27T10:00:00Z') };

describe('alertDecider', () => {
  it("records an acknowledgement under the operator's name, with the note, once", () => {
    const acknowledged = { alertId: 'a1', tenantId: 't1', kind: 'forwarder.silent', acknowledgedBy: 'Ayesha', note: 'calling the shop', acknowledgedAt: '2026-11-27T10:00:00.000Z' } as const;
    const given = DeciderSpecification.for(alertDecider);
    given([]).when(command).then([{ type: ALERT_ACKNOWLEDGED, data: acknowledged }]);
    given([{ type: ALERT_ACKNOWLEDGED, data: acknowledged }])
      .when({ ...command, by: { id: 'op2', name: 'Bilal' }, note: null })
      .thenNothingHappened();
    const state = alertDecider.evolve(null, { type: ALERT_ACKNOWLEDGED, data: acknowledged });
    expect(alertDecider.evolve(state, { type: ALERT_ACKNOWLEDGED, data: { ...acknowledged, acknowledgedBy: 'Bilal' } })).toEqual(acknowledged);
  });
});
