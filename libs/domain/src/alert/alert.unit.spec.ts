import { ALERT_ACKNOWLEDGED } from '@pvs/contracts';
import { alertDecider } from './alert';

const command = { alertId: 'a1', tenantId: 't1', kind: 'forwarder.silent' as const, by: { id: 'op1', name: 'Ayesha' }, note: 'calling the shop', now: new Date('2026-11-27T10:00:00Z') };

describe('alertDecider', () => {
  it("records an acknowledgement under the operator's name, with the note, once", () => {
    const acknowledged = { alertId: 'a1', tenantId: 't1', kind: 'forwarder.silent', acknowledgedBy: 'Ayesha', note: 'calling the shop', acknowledgedAt: '2026-11-27T10:00:00.000Z' } as const;
    expect(alertDecider.decide(command, null)).toEqual({ ok: true, events: [{ type: ALERT_ACKNOWLEDGED, data: acknowledged }] });
    const state = alertDecider.evolve(null, { type: ALERT_ACKNOWLEDGED, data: acknowledged });
    expect(alertDecider.decide({ ...command, by: { id: 'op2', name: 'Bilal' }, note: null }, state)).toEqual({ ok: true, events: [] });
    expect(alertDecider.evolve(state, { type: ALERT_ACKNOWLEDGED, data: { ...acknowledged, acknowledgedBy: 'Bilal' } })).toEqual(acknowledged);
  });
});
