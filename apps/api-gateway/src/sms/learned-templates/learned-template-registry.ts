import { SMS_TEMPLATE_CATEGORY, isSmsTemplateEvent } from '@pvs/contracts';
import { LearnedTemplate, LearnedTemplatesState, NO_LEARNED_TEMPLATES, evolveLearnedTemplates, learnedTemplateSetFor } from '@pvs/domain';
import { AppendSignals, CatchUpSubscription, Checkpoint, EventStore, RecordedEvent } from '@pvs/event-store';
import { LearnedTemplateSet } from '@pvs/sms-parsers';

export const LEARNED_TEMPLATE_REGISTRY = Symbol('LEARNED_TEMPLATE_REGISTRY');

/**
 * The learned templates, kept in memory from their stream in every gateway process (appends wake it: at once in the
 * embedded mode, through PostgreSQL's notifications in the distributed one), compiled per tenant on first use.
 */
export class LearnedTemplateRegistry {
  private state: LearnedTemplatesState = NO_LEARNED_TEMPLATES;
  private version = 0;
  private readonly byTenant = new Map<string, LearnedTemplateSet>();
  private readonly subscription: CatchUpSubscription;

  constructor(events: EventStore, signals: AppendSignals, pollIntervalMs = 250) {
    this.subscription = CatchUpSubscription.fromStart(events, signals, { categories: [SMS_TEMPLATE_CATEGORY] }, (batch) => this.applyAll(batch), pollIntervalMs);
  }

  start(): Promise<void> {
    return this.subscription.startCaughtUp();
  }

  stop(): Promise<void> {
    return this.subscription.stop();
  }

  /** Every template ever learned, retired ones too. */
  all(): LearnedTemplate[] {
    return Object.values(this.state.templates);
  }

  /** The live templates that read this tenant's messages: its own, and those promoted to every tenant. */
  forTenant(tenantId: string): LearnedTemplateSet {
    let set = this.byTenant.get(tenantId);
    if (set === undefined) {
      set = learnedTemplateSetFor(this.state, tenantId);
      this.byTenant.set(tenantId, set);
    }
    return set;
  }

  /** Resolves true once the event at `checkpoint` (a learned-template event) is applied here. */
  waitFor(checkpoint: Checkpoint, timeoutMs: number): Promise<boolean> {
    return this.subscription.waitFor(checkpoint, timeoutMs);
  }

  private applyAll(events: readonly RecordedEvent[]): void {
    for (const event of events) {
      if (!isSmsTemplateEvent(event) || event.streamVersion <= this.version) continue;
      this.state = evolveLearnedTemplates(this.state, event);
      this.version = event.streamVersion;
      this.byTenant.clear();
    }
  }
}
