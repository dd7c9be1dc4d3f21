import { Inject, Injectable } from '@nestjs/common';
import { SMS_TEMPLATES_STREAM, isLearnedTemplateId, smsStream } from '@pvs/contracts';
import { LearnedTemplate, LearnedTemplateCommand, Principal, Result, learnedTemplatesDecider, refused, smsDecider, smsIdFor, succeed } from '@pvs/domain';
import { EVENT_STORE, EventStore, aggregateStream, handleCommand } from '@pvs/event-store';
import { ERASED } from '@pvs/payer-data';
import { SmsViews } from '@pvs/read-model';
import { CLOCK, Clock } from '@pvs/runtime';
import { Derivation, Mark, Marks, deriveTemplate, normalizeSender, parseSms } from '@pvs/sms-parsers';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { LEARNED_TEMPLATE_REGISTRY, LearnedTemplateRegistry } from '../learned-templates/learned-template-registry';
import { ReparseSmsHandler, ReparseSummary } from '../reparse-sms/reparse-sms.handler';
import { tenantParsing } from '../sms-parsing';
import { SmsPayerData } from '../sms-payer-data';
import { SMS_VIEWS } from '../sms-views.token';
import { DryRun, dryRun } from './template-dry-run';
import { LearnTemplateRequest, MarkRequest } from './learn-template.request.dto';

/** The stored SMS a dry run looks at: the newest of the tenant's. */
const DRY_RUN_SCAN = 20_000;
/** How long a confirm waits for this process to know the template before it re-parses with it. */
const LIVE_WAIT_MS = 1_000;

/** What learning from an example would do, before it is recorded. */
export interface TemplateLesson {
  readonly tenantId: string;
  readonly example: { readonly smsId: string | null; readonly sender: string; readonly body: string };
  readonly derivation: Derivation;
  readonly dryRun: DryRun;
}

const markOf = ({ text, at }: MarkRequest): Mark => (at === undefined ? { text } : { text, at });
const optionalMark = (mark: MarkRequest | undefined) => mark && markOf(mark);

function marksOf(request: LearnTemplateRequest): Marks {
  const { amount, reference, receiving_account, balance, payer, date, time } = request.marks;
  return {
    amount: markOf(amount),
    reference: reference === null ? null : markOf(reference),
    receivingAccount: optionalMark(receiving_account),
    balance: optionalMark(balance),
    payerName: optionalMark(payer),
    date: optionalMark(date),
    time: optionalMark(time),
  };
}

/**
 * Operators teach the parser a wording from an example: a dry run first (what the template would read among the
 * stored SMS, refused when it would change how any parsed SMS reads), then the template recorded, live in every
 * gateway process, and the rejected SMS it reads parsed again, so their payments verify or go to review.
 */
@Injectable()
export class SmsTemplatesHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(SMS_VIEWS) private readonly views: SmsViews,
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
    @Inject(LEARNED_TEMPLATE_REGISTRY) private readonly registry: LearnedTemplateRegistry,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly reparse: ReparseSmsHandler,
    private readonly payerData: SmsPayerData,
  ) {}

  async dryRun(request: LearnTemplateRequest): Promise<Result<TemplateLesson>> {
    const example = await this.exampleOf(request);
    if (!example.ok) return example;
    const { tenantId, smsId, sender, body } = example.value;
    const tenant = await this.tenants.find(tenantId);
    if (!tenant) return refused('not_found', 'Tenant not found');
    const parsing = tenantParsing(tenant, this.registry.forTenant(tenantId));
    const already = parseSms({ sender, body }, parsing);
    if (already.ok && already.templateId !== null && isLearnedTemplateId(already.templateId)) return refused('unprocessable', `The SMS is already read by the learned template ${already.templateId}`);
    const lesson = { scope: tenantId, sender, body, marks: marksOf(request), allowedSenders: parsing.allowedSenders, gateway: request.gateway };
    const derivation = deriveTemplate(lesson);
    if (!derivation.ok) return refused('unprocessable', derivation.reason);
    const stored = await this.views.list({ tenantId, limit: DRY_RUN_SCAN });
    const bodies = await this.payerData.bodies(stored);
    // An SMS whose text was erased is read by nothing, the candidate included.
    const readable = stored.flatMap((sms, at) => {
      const body = bodies[at];
      return body === null ? [] : [{ ...sms, body }];
    });
    const run = dryRun(derivation.definition, readable, (id) => (id === tenantId ? parsing : undefined));
    if (run.conflicts.length > 0) {
      const [first] = run.conflicts;
      return refused('unprocessable', `The template would change how ${run.conflicts.length} parsed SMS read (e.g. SMS ${first.smsId}, read by ${first.readBy})`);
    }
    return succeed({ tenantId, example: { smsId, sender, body }, derivation, dryRun: run });
  }

  /** The dry run again, then the template recorded and the rejected SMS it reads parsed again. */
  async learn(request: LearnTemplateRequest, by: Principal, correlationId: string): Promise<Result<{ template: LearnedTemplate; reparse: ReparseSummary }>> {
    const lesson = await this.dryRun(request);
    if (!lesson.ok) return lesson;
    const { tenantId, example, derivation } = lesson.value;
    const { definition } = derivation;
    const body = await this.payerData.sealExample(tenantId, example.smsId ?? smsIdFor(tenantId, normalizeSender(example.sender), example.body), example.body);
    if (body === ERASED) return refused('unprocessable', 'The text of this SMS was erased: learn from another');
    const command: LearnedTemplateCommand = {
      type: 'Learn',
      template: {
        templateId: definition.id,
        tenantId,
        gateway: definition.gateway,
        institution: definition.institution,
        sender: definition.sender,
        pattern: definition.pattern,
        signature: definition.signature,
        example: { ...example, body, marks: derivation.markedSpans },
        note: request.note ?? '',
      },
      exampleText: example.body,
      examples: await this.examplesOf(definition.sender),
      by,
      now: this.clock.now(),
    };
    const learned = await handleCommand(this.events, SMS_TEMPLATES_STREAM, learnedTemplatesDecider, command, { metadata: { tenantId, correlationId } });
    if (!learned.ok) return learned;
    if (learned.checkpoint !== null) await this.registry.waitFor(learned.checkpoint, LIVE_WAIT_MS);
    const reparse = await this.reparse.reparseEach(
      lesson.value.dryRun.wouldRead.map((sms) => sms.smsId),
      correlationId,
    );
    return succeed({ template: learned.state.templates[definition.id], reparse });
  }

  async change(type: 'Promote' | 'Retire', templateId: string, note: string, by: Principal, correlationId: string): Promise<Result<LearnedTemplate>> {
    const sender = this.registry.all().find((template) => template.templateId === templateId)?.sender;
    const now = this.clock.now();
    const command: LearnedTemplateCommand =
      type === 'Promote' ? { type, templateId, note, examples: sender === undefined ? {} : await this.examplesOf(sender), by, now } : { type, templateId, note, by, now };
    const changed = await handleCommand(this.events, SMS_TEMPLATES_STREAM, learnedTemplatesDecider, command, { metadata: { correlationId } });
    if (!changed.ok) return changed;
    if (changed.checkpoint !== null) await this.registry.waitFor(changed.checkpoint, LIVE_WAIT_MS);
    return succeed(changed.state.templates[templateId]);
  }

  list(tenantId: string | undefined): LearnedTemplate[] {
    return this.registry.all().filter((template) => tenantId === undefined || template.tenantId === tenantId || template.scope === 'all');
  }

  /** The texts of the examples of the live templates of a sender, by template id: what an overlap is judged on. */
  private async examplesOf(sender: string): Promise<Record<string, string | null>> {
    const live = this.registry.all().filter((template) => template.sender === sender && template.retiredAt === null);
    const texts = await this.payerData.bodies(live.map((template) => ({ tenantId: template.tenantId, body: template.example.body })));
    return Object.fromEntries(live.map((template, at) => [template.templateId, texts[at]]));
  }

  private async exampleOf(request: LearnTemplateRequest): Promise<Result<{ tenantId: string; smsId: string | null; sender: string; body: string }>> {
    if (request.sms_id !== undefined) {
      const { state } = await aggregateStream(this.events, smsStream(request.sms_id), smsDecider);
      if (!state.received) return refused('not_found', 'SMS not found');
      const { tenantId, sender } = state.received;
      const body = await this.payerData.body(tenantId, state.received.body);
      if (body === ERASED) return refused('unprocessable', 'The text of this SMS was erased: learn from another');
      return succeed({ tenantId, smsId: request.sms_id, sender, body });
    }
    const { tenant_id: tenantId, sender, body } = request;
    if (tenantId === undefined || sender === undefined || body === undefined) return refused('unprocessable', 'Give sms_id, or tenant_id, sender and body of the SMS to learn from');
    return succeed({ tenantId, smsId: null, sender, body });
  }
}
