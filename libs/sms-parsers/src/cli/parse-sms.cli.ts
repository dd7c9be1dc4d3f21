import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { ParseOptions } from '../sms.types';
import { answerJsonLine, readAllowedSenders } from './json-lines';

const USAGE = 'usage: parse-sms [--senders FILE] < messages.jsonl';

function optionsFrom(args: readonly string[]): ParseOptions {
  if (args.length === 0) return {};
  const [flag, file, ...rest] = args;
  if (flag !== '--senders' || file === undefined || rest.length > 0) throw new Error(USAGE);
  return { allowedSenders: readAllowedSenders(readFileSync(file, 'utf8')) };
}

async function main(): Promise<void> {
  let options: ParseOptions;
  try {
    options = optionsFrom(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
    return;
  }
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    const answer = answerJsonLine(line, options);
    if (answer !== undefined) process.stdout.write(`${answer}\n`);
  }
}

void main();
