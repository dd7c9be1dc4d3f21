/**
 * SQL: whether the forwarder may carry the gateway — it forwarded a payment SMS of it since `since`, or it has forwarded
 * no payment SMS since then at all (a new phone may carry any). Arguments are SQL expressions.
 */
export function carriesGateway(forwarderId: string, gateway: string, since: string): string {
  const forwarded = `SELECT 1 FROM rm_sms s WHERE s.forwarder_id = ${forwarderId} AND s.recorded_at >= ${since}`;
  return `(NOT EXISTS (${forwarded} AND s.gateway IS NOT NULL) OR EXISTS (${forwarded} AND s.gateway = ${gateway}))`;
}
