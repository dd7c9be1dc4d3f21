import { ALERT_ACKNOWLEDGED, AlertAcknowledged, AlertAcknowledgedData, AlertKind, isAlertAcknowledged } from '@pvs/contracts';
import { Decider, Decision, accept } from '../decider';
import { Principal } from '../operator';

/** An alert's own stream holds what people did about it: its acknowledgement. */
export type AlertState = AlertAcknowledgedData | null;

export interface AcknowledgeAlert {
  readonly alertId: string;
  readonly tenantId: string;
  readonly kind: AlertKind;
  readonly by: Principal;
  readonly note: string | null;
  readonly now: Date;
}

/** Acknowledged once, under the operator's name: a second acknowledgement changes nothing. */
export function acknowledgeAlert(command: AcknowledgeAlert, acknowledged: AlertState): Decision<AlertAcknowledged> {
  if (acknowledged) return accept();
  const { alertId, tenantId, kind, by, note, now } = command;
  return accept({ type: ALERT_ACKNOWLEDGED, data: { alertId, tenantId, kind, acknowledgedBy: by.name, note, acknowledgedAt: now.toISOString() } });
}

export const alertDecider: Decider<AcknowledgeAlert, AlertState, AlertAcknowledged> = {
  initialState: null,
  isEvent: isAlertAcknowledged,
  evolve: (acknowledged, event) => acknowledged ?? event.data,
  decide: acknowledgeAlert,
};
