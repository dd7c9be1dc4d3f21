import { Command } from 'commander';
import type { DryRunData, LearnedTemplate, TemplateData } from '../api-types';
import { action } from '../program';

interface LearnOptions {
  readonly sms?: string;
  readonly tenant?: string;
  readonly sender?: string;
  readonly body?: string;
  readonly gateway?: string;
  readonly amount: string;
  /** false with --no-reference */
  readonly reference?: string | false;
  readonly account?: string;
  readonly balance?: string;
  readonly payer?: string;
  readonly note?: string;
  readonly yes?: boolean;
}

function lessonOf(options: LearnOptions) {
  const mark = (text: string | false | undefined) => (typeof text === 'string' ? { text } : undefined);
  return {
    ...(options.sms ? { sms_id: options.sms } : { tenant_id: options.tenant, sender: options.sender, body: options.body }),
    gateway: options.gateway,
    marks: {
      amount: { text: options.amount },
      reference: options.reference === false ? null : mark(options.reference),
      receiving_account: mark(options.account),
      balance: mark(options.balance),
      payer: mark(options.payer),
    },
    note: options.note,
  };
}

export function templatesCommand(program: Command): void {
  const templates = program.command('templates').description('SMS wordings operators taught: live in every gateway, no release needed');

  templates
    .command('learn')
    .description('learn a wording from an example SMS: shows what it would read among the stored SMS; with --yes, learns it and re-parses them')
    .option('--sms <id>', 'a stored SMS to learn from (see `pvs sms rejected`)')
    .option('--tenant <id>', 'for a pasted SMS: whose wording it is')
    .option('--sender <id>', "for a pasted SMS: its sender")
    .option('--body <text>', 'for a pasted SMS: its text')
    .option('--gateway <gateway>', 'when the sender is allowed for more than one gateway')
    .requiredOption('--amount <text>', 'the amount as written in the SMS')
    .option('--reference <text>', 'the transaction reference as written in the SMS')
    .option('--no-reference', 'the wording names no reference (its payments go to review)')
    .option('--account <text>', "the merchant's account or wallet number as written")
    .option('--balance <text>', 'the balance as written')
    .option('--payer <text>', "the payer's name as written")
    .option('--note <text>', 'why: recorded with the template')
    .option('--yes', 'learn it (without: only the dry run)')
    .action(
      action(async ({ api, out }, options: LearnOptions) => {
        const lesson = lessonOf(options);
        if (!options.yes) {
          const run = await api.post<DryRunData>('/admin/sms-templates/dry-run', lesson);
          out.result(run, () => {
            out.record([
              ['template', run.template.id],
              ['reads', `${run.template.sender} on ${run.template.gateway}: ${[...run.template.slots, ...run.template.auto_slots].join(', ')}`],
              ['would read', `${run.would_read.count} rejected SMS (of ${run.scanned} from the sender)`],
              ['upgrades', String(run.upgrades)],
            ]);
            if (run.would_read.samples.length > 0) out.table(['sms_id', 'amount', 'reference', 'body'], run.would_read.samples.map((s) => [s.sms_id, s.amount, s.reference, s.body]));
            out.note('Nothing recorded: run again with --yes to learn it.');
          });
          return;
        }
        const learned = await api.post<LearnedTemplate>('/admin/sms-templates', lesson);
        out.result(learned, () => out.line(`Learned ${learned.template.id}: ${learned.reparse.recognised} of ${learned.reparse.examined} rejected SMS read now`));
      }),
    );

  templates
    .command('list')
    .description('the learned templates, retired ones too')
    .option('--tenant <id>', "only those that read this tenant's SMS")
    .action(
      action(async ({ api, out }, options: { tenant?: string }) => {
        const all = await api.get<TemplateData[]>('/admin/sms-templates', { tenant_id: options.tenant });
        out.result(all, () =>
          out.table(
            ['id', 'scope', 'tenant_id', 'gateway', 'sender', 'learned by', 'learned at', 'retired at'],
            all.map((t) => [t.id, t.scope, t.tenant_id, t.gateway, t.sender, t.learned_by, t.learned_at, t.retired_at]),
          ),
        );
      }),
    );

  for (const [verb, description, done] of [
    ['promote', "let a learned template read every tenant's SMS from its sender", 'promoted to every tenant'],
    ['retire', 'a learned template reads nothing from now on (what it read stays read)', 'retired'],
  ] as const) {
    templates
      .command(verb)
      .description(description)
      .argument('<id>', 'the template id, as `templates list` shows it')
      .option('--note <text>', 'why: recorded on the event')
      .action(
        action(async ({ api, out }, id: string, options: { note?: string }) => {
          const template = await api.post<TemplateData>(`/admin/sms-templates/${encodeURIComponent(id)}/${verb}`, { note: options.note });
          out.result(template, () => out.line(`${template.id} ${done}`));
        }),
      );
  }
}
