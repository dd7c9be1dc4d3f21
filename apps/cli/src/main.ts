import { CommanderError } from 'commander';
import { EXIT_CODES, isCliError } from './cli-errors';
import { paymentsCommand } from './commands/payments.command';
import { projectionsCommand } from './commands/projections.command';
import { secretsCommand } from './commands/secrets.command';
import { operatorsCommand } from './commands/operators.command';
import { alertsCommand } from './commands/alerts.command';
import { eraseCommand } from './commands/erase.command';
import { forwardersCommand } from './commands/forwarders.command';
import { linksCommand } from './commands/links.command';
import { smsCommand } from './commands/sms.command';
import { templatesCommand } from './commands/templates.command';
import { streamsCommand } from './commands/streams.command';
import { tenantsCommand } from './commands/tenants.command';
import { webhooksCommand } from './commands/webhooks.command';
import { rootCommand } from './program';

/** Runs one command line and answers the exit code: 0 ok, 1 API error, 2 usage error, 3 cannot connect. */
async function runCli(argv: readonly string[]): Promise<number> {
  const program = rootCommand();
  for (const add of [tenantsCommand, paymentsCommand, streamsCommand, projectionsCommand, webhooksCommand, smsCommand, templatesCommand, secretsCommand, operatorsCommand, forwardersCommand, alertsCommand, linksCommand, eraseCommand]) add(program);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT_CODES.ok;
  } catch (error) {
    // Commander has printed its own message (or the help) already.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_CODES.ok : EXIT_CODES.usage;
    if (!isCliError(error)) throw error;
    process.stderr.write(`pvs: ${error.message}\n`);
    return error.exitCode;
  }
}

runCli(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`pvs: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = EXIT_CODES.apiError;
  },
);
