import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { ParseOptions } from '../sms.types';
import { answerJsonLine, readAllowedSenders } from './json-lines';

const USAGE = 'usage: parse-sms [--explain] [--senders FILE] < messages.jsonl';

interface CliOptions {
  readonly parse: ParseOptions;
  readonly explain: boolean;
}

function optionsFrom(args: readonly string[]): CliOptions {
  const explain = args.includes('--explain');
  const rest = args.filter((arg) => arg !== '--explain');
  if (rest.length === 0) return { parse: {}, explain };
  const [flag, file, ...extra] = rest;
  if (flag !== '--senders' || file === undefined || extra.length > 0) throw new Error(USAGE);
  return { parse: { allowedSenders: readAllowedSenders(readFileSync(file, 'utf8')) }, explain };
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = optionsFrom(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
    return;
  }
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    const answer = answerJsonLine(line, options.parse, options.explain);
    if (answer !== undefined) process.stdout.write(`${answer}\n`);
  }
}

void main();
