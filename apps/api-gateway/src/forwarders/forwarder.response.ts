import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { FORWARDER_STATUSES, ForwarderStatus, GATEWAYS, Gateway, SMS_SOURCES, SmsSource } from '@pvs/contracts';
import { Forwarder } from '@pvs/domain';
import { CarriedAccountView, ForwarderView } from '@pvs/read-model';
import { ChoiceProperty, CountProperty, DateTimeProperty, IntegerProperty, TextProperty, UuidProperty } from '@pvs/contracts/http';

/** The last heartbeat's word. */
@ApiSchema({ name: 'LastHeartbeat' })
export class LastHeartbeatResponse {
  @ChoiceProperty(FORWARDER_STATUSES) readonly status!: ForwarderStatus;
  @DateTimeProperty() readonly at!: string;
}

/** An account whose money SMS come through the phone. */
@ApiSchema({ name: 'CarriedAccount' })
export class CarriedAccountResponse {
  @ChoiceProperty(GATEWAYS) readonly gateway!: Gateway;
  @TextProperty({ nullable: true, description: 'The receiving account as its SMS state it (often masked); null when they state none' }) readonly account!: string | null;
  @IntegerProperty({ nullable: true, minimum: 1, maximum: 9, description: 'The SIM slot they came in on, when the app says (SMS Gateway for Android, httpSMS)' })
  readonly sim!: number | null;
  @DateTimeProperty() readonly first_seen_at!: string;

  static of({ gateway, account, sim, since }: CarriedAccountView): CarriedAccountResponse {
    return { gateway, account, sim, first_seen_at: since };
  }
}

/** A forwarding phone; the list also tells when it was last heard and how much it forwards. */
@ApiSchema({ name: 'Forwarder' })
export class ForwarderResponse {
  @UuidProperty() readonly forwarder_id!: string;
  @UuidProperty() readonly tenant_id!: string;
  @ChoiceProperty(SMS_SOURCES, { description: 'The app that first brought its SMS or heartbeat' }) readonly app!: SmsSource;
  @TextProperty({
    nullable: true,
    description: "What names the phone: the app's device id, owner or receiving number, or the X-Forwarder-Id header; null for the one unnamed phone of an app",
  })
  readonly device!: string | null;
  @TextProperty({ nullable: true, description: "An operator's name for it" }) readonly name!: string | null;
  @DateTimeProperty() readonly first_seen_at!: string;
  @ApiProperty({ type: LastHeartbeatResponse, nullable: true }) readonly heartbeat!: LastHeartbeatResponse | null;
  @DateTimeProperty({ nullable: true, description: 'Out of use until it speaks again' }) readonly retired_at!: string | null;
  @DateTimeProperty({
    nullable: true,
    description: 'When it was found quiet for longer than it usually is at that hour of the week while its tenant has payments pending; null once it speaks again',
  })
  readonly silent_since!: string | null;
  @TextProperty({ nullable: true, description: 'The key id of its own forwarder key (pvsfw_<key id>_…); null when it has none' }) readonly credential_key_id!: string | null;
  @ApiProperty({ type: [CarriedAccountResponse], description: 'The accounts whose money SMS (credits, and debits stating a balance) come through it, in the order first seen' })
  readonly accounts!: readonly CarriedAccountResponse[];
  @DateTimeProperty({ required: false, nullable: true, description: 'Listed forwarders only: its last SMS, or heartbeat saying it is online' }) readonly last_heard_at?: string | null;
  @DateTimeProperty({ required: false, nullable: true, description: 'Listed forwarders only: its last SMS' }) readonly last_sms_at?: string | null;
  @CountProperty({ required: false, description: 'Listed forwarders only: SMS it forwarded in the 24 hours before the request' }) readonly sms_last_24h?: number;

  /** As its stream has it, after an operator's change. */
  static of(forwarder: Forwarder): ForwarderResponse {
    return {
      forwarder_id: forwarder.id,
      tenant_id: forwarder.tenantId,
      app: forwarder.app,
      device: forwarder.device,
      name: forwarder.name,
      first_seen_at: forwarder.firstSeenAt,
      heartbeat: forwarder.heartbeat,
      retired_at: forwarder.retiredAt,
      silent_since: forwarder.silentSince,
      credential_key_id: forwarder.credential?.keyId ?? null,
      accounts: forwarder.accounts.map(CarriedAccountResponse.of),
    };
  }

  /** As the list shows it. */
  static listed(forwarder: ForwarderView): ForwarderResponse {
    return {
      forwarder_id: forwarder.forwarderId,
      tenant_id: forwarder.tenantId,
      app: forwarder.app,
      device: forwarder.device,
      name: forwarder.name,
      first_seen_at: forwarder.firstSeenAt.toISOString(),
      heartbeat: forwarder.heartbeat && { status: forwarder.heartbeat.status, at: forwarder.heartbeat.at.toISOString() },
      retired_at: forwarder.retiredAt?.toISOString() ?? null,
      silent_since: forwarder.silentSince?.toISOString() ?? null,
      credential_key_id: forwarder.credentialKeyId,
      accounts: forwarder.accounts.map(CarriedAccountResponse.of),
      last_heard_at: forwarder.lastHeardAt?.toISOString() ?? null,
      last_sms_at: forwarder.lastSmsAt?.toISOString() ?? null,
      sms_last_24h: forwarder.smsLastDay,
    };
  }
}

/** A forwarder with the key just issued to it. */
@ApiSchema({ name: 'ForwarderWithKey' })
export class ForwarderWithKeyResponse extends ForwarderResponse {
  @TextProperty({ description: 'pvsfw_…: shown in this response only. The phone sends it as X-Gateway-Secret (or X-Forwarder-Key, or the password of HTTP Basic auth)' })
  readonly forwarder_key!: string;

  static withKey(forwarder: Forwarder, key: string): ForwarderWithKeyResponse {
    return { ...ForwarderResponse.of(forwarder), forwarder_key: key };
  }
}
