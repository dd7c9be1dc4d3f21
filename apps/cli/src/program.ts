import { Command, InvalidArgumentError, Option } from 'commander';
import { AdminClient } from './admin-client';
import { UsageError } from './cli-errors';
import { Output } from './output';

export const DEFAULT_URL = 'http://127.0.0.1:3000/api/v1';

export interface CommandContext {
  readonly api: AdminClient;
  readonly out: Output;
}

/** The root command with the options every command shares; commands are added to it. */
export function rootCommand(): Command {
  return new Command('pvs')
    .description("Operators' command line for the payment verification service (talks to its admin API over HTTP)")
    .addOption(new Option('--url <url>', 'base URL of the API').env('PVS_URL').default(DEFAULT_URL))
    .addOption(new Option('--token <token>', 'the admin token').env('PVS_ADMIN_TOKEN'))
    .option('--json', "print the API's data as JSON instead of tables")
    .exitOverride()
    .showHelpAfterError('(add --help for usage)');
}

/** Wraps a command's action: it gets the client and output, then the command's arguments and options. */
export function action<Args extends unknown[]>(handler: (context: CommandContext, ...args: Args) => Promise<void>) {
  return (...params: unknown[]): Promise<void> => {
    const command = params[params.length - 1] as Command;
    return handler(contextOf(command), ...(params.slice(0, -1) as Args));
  };
}

function contextOf(command: Command): CommandContext {
  const { url, token, json } = command.optsWithGlobals<{ url: string; token?: string; json?: boolean }>();
  if (!token) throw new UsageError('no admin token: set PVS_ADMIN_TOKEN or pass --token');
  if (!/^https?:\/\/[^/]/.test(url) || !URL.canParse(url)) throw new UsageError(`not an http(s) URL in PVS_URL or --url: ${url}`);
  return { api: new AdminClient(url.replace(/\/+$/, ''), token), out: new Output(Boolean(json)) };
}

const WHOLE_NUMBER = /^\d{1,9}$/;

/** Parses a whole number argument or option (commander reports the error as a usage error). */
export function wholeNumber(value: string): number {
  if (!WHOLE_NUMBER.test(value)) throw new InvalidArgumentError('expected a whole number');
  return Number(value);
}

/** A parser like `wholeNumber` that takes only `min` to `max`. */
export function wholeNumberIn(min: number, max: number): (value: string) => number {
  return (value) => {
    if (!WHOLE_NUMBER.test(value) || Number(value) < min || Number(value) > max) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    return Number(value);
  };
}
