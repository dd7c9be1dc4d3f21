/** The shapes the operators' API answers with, as far as the CLI reads them. */

export interface TenantData {
  readonly id: string;
  readonly name: string;
  readonly status: string;
  readonly unpaid_cycles: number;
  readonly unpaid_cycle_limit: number;
  readonly webhook_url: string | null;
  readonly balance_check: string;
  readonly verification_policy: string;
  readonly allowed_senders: object | null;
  readonly receiving_accounts: object | null;
  /** Whether it gave its Twilio auth token (the token itself is never answered). */
  readonly twilio_signature_check: boolean;
  readonly created_at: string;
  /** Only in the answers that issue them, once. */
  readonly api_key?: string;
  readonly gateway_secret?: string;
  readonly webhook_secret?: string;
}

export interface EventData {
  readonly id: string;
  readonly stream: string;
  readonly stream_version: number;
  readonly type: string;
  readonly checkpoint: string;
  readonly recorded_at: string;
  readonly data: unknown;
  readonly metadata: unknown;
}

export interface PaymentData {
  readonly uuid: string;
  readonly tenant_id: string;
  readonly gateway: string;
  readonly transaction_reference: string;
  readonly amount_expected: number;
  readonly amount_detected: number | null;
  readonly status: string;
  readonly verified_at: string | null;
  readonly created_at: string;
  readonly expires_at: string;
  readonly sms_id: string | null;
  readonly events: readonly EventData[];
}

export interface StreamPage {
  readonly stream: string;
  readonly events: readonly EventData[];
  readonly next_version: number | null;
}

export interface EventLogPage {
  readonly events: readonly EventData[];
  readonly next: string | null;
}

export interface RebuildData {
  /** `requested`: recorded, not yet taken up by the projector. */
  readonly status: 'requested' | 'running' | 'done' | 'failed';
  readonly events_done: number;
  readonly events_total: number;
  readonly events_per_s: number;
  readonly started_at: string | null;
  readonly finished_at: string | null;
  readonly error: string | null;
}

export interface ProjectionData {
  readonly name: string;
  readonly checkpoint: string | null;
  readonly lag_events: number;
  readonly lag_seconds: number | null;
  readonly rebuild: RebuildData | null;
}

export interface DeliveryData {
  readonly id: string;
  readonly tenant_id: string;
  readonly transaction_uuid: string;
  readonly event: string;
  readonly url: string | null;
  readonly status: string;
  readonly attempts: number;
  readonly next_attempt_at: string | null;
  readonly last_status_code: number | null;
  readonly last_error: string | null;
  readonly created_at: string;
  readonly delivered_at: string | null;
}

export interface AttemptData {
  readonly attempt: number;
  readonly started_at: string;
  readonly duration_ms: number;
  readonly status_code: number | null;
  readonly error: string | null;
  readonly outcome: string;
  readonly next_attempt_at: string | null;
}

export interface SmsData {
  readonly sms_id: string;
  readonly tenant_id: string;
  readonly sender: string;
  readonly body: string;
  readonly recorded_at: string;
  readonly rejection_reason: string | null;
  /** The template that would read it now. */
  readonly readable_by: string | null;
}

export interface SmsReadRejected {
  readonly read: number;
  readonly rejected: number;
}

/** One institution's SMS over the hours asked for, and in the current one. */
export interface SmsInstitutionStats extends SmsReadRejected {
  readonly institution: string;
  readonly name: string;
  /** rejected / (read + rejected); null without SMS. */
  readonly rejected_share: number | null;
  readonly current_hour: SmsReadRejected;
}

/** SMS of one UTC hour from one institution in one bucket. */
export interface SmsHourCountData {
  readonly hour: string;
  readonly institution: string;
  /** The tier that read them, or `rejected`. */
  readonly bucket: 'template' | 'learned' | 'extracted' | 'rejected';
  /** Why they were rejected; null when read. */
  readonly reason: string | null;
  readonly sms: number;
}

export interface SmsStatsData {
  /** The start of the first hour counted (UTC). */
  readonly since: string;
  /** The start of the hour in progress, the last one counted. */
  readonly current_hour: string;
  readonly hours: number;
  /** The most rejected first. */
  readonly institutions: readonly SmsInstitutionStats[];
  readonly counts: readonly SmsHourCountData[];
}
