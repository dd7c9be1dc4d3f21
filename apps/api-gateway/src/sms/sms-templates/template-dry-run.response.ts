import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Gateway, paisaToPkr } from '@pvs/contracts';
import { Derivation, SlotKind } from '@pvs/sms-parsers';
import { CountProperty, PkrProperty, TextProperty, UuidProperty } from '@pvs/contracts/http';
import { TemplateLesson } from './sms-templates.handler';
import { WouldRead } from './template-dry-run';

/** The rejected SMS a dry run shows, of all it would read. */
const SAMPLES = 50;

/** The template an example and its marks derive. */
@ApiSchema({ name: 'DerivedTemplate' })
export class DerivedTemplateResponse {
  @TextProperty() readonly id!: string;
  @TextProperty() readonly gateway!: Gateway;
  @TextProperty({ nullable: true }) readonly institution!: string | null;
  @TextProperty() readonly sender!: string;
  @TextProperty() readonly pattern!: string;
  @TextProperty({ isArray: true }) readonly slots!: readonly SlotKind[];
  @TextProperty({ isArray: true }) readonly auto_slots!: readonly SlotKind[];

  static of({ definition, slots, autoSlots }: Derivation): DerivedTemplateResponse {
    const { id, gateway, institution, sender, pattern } = definition;
    return { id, gateway, institution, sender, pattern, slots, auto_slots: autoSlots };
  }
}

/** A rejected SMS the template would read, and the amount and reference it would read in it. */
@ApiSchema({ name: 'WouldReadSms' })
export class WouldReadSmsResponse {
  @UuidProperty() readonly sms_id!: string;
  @UuidProperty() readonly tenant_id!: string;
  @TextProperty() readonly body!: string;
  @PkrProperty() readonly amount!: number;
  @TextProperty({ nullable: true }) readonly reference!: string | null;

  static of(sms: WouldRead): WouldReadSmsResponse {
    return { sms_id: sms.smsId, tenant_id: sms.tenantId, body: sms.body, amount: paisaToPkr(sms.amountPaisa), reference: sms.reference };
  }
}

@ApiSchema({ name: 'WouldRead' })
export class WouldReadResponse {
  @CountProperty() readonly count!: number;
  @ApiProperty({ type: [WouldReadSmsResponse] }) readonly samples!: readonly WouldReadSmsResponse[];

  static of(wouldRead: readonly WouldRead[]): WouldReadResponse {
    return { count: wouldRead.length, samples: wouldRead.slice(0, SAMPLES).map(WouldReadSmsResponse.of) };
  }
}

/** What a template learned from an example would be, and what it would read among the stored SMS. */
@ApiSchema({ name: 'TemplateDryRun' })
export class TemplateDryRunResponse {
  @ApiProperty({ type: DerivedTemplateResponse }) readonly template!: DerivedTemplateResponse;
  @ApiProperty({ type: WouldReadResponse, description: `The rejected SMS it would read (the first ${SAMPLES} shown)` }) readonly would_read!: WouldReadResponse;
  @CountProperty({ description: 'Parsed SMS read by their words alone that it would read, the same way' }) readonly upgrades!: number;
  @CountProperty({ description: "The stored SMS of the sender looked at (the tenant's newest 20,000)" }) readonly scanned!: number;

  static of({ derivation, dryRun }: TemplateLesson): TemplateDryRunResponse {
    return { template: DerivedTemplateResponse.of(derivation), would_read: WouldReadResponse.of(dryRun.wouldRead), upgrades: dryRun.upgrades, scanned: dryRun.scanned };
  }
}
