import { DestinationStream } from 'pino';

/** A log destination in memory: every line a process logged, as written and as parsed JSON. */
export class LogCapture implements DestinationStream {
  readonly lines: string[] = [];

  write(chunk: string): void {
    for (const line of chunk.split('\n')) if (line !== '') this.lines.push(line);
  }

  get text(): string {
    return this.lines.join('\n');
  }

  /** Every line parsed; throws on the first that is not JSON. */
  entries(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** The parsed lines that have all the given fields with those values. */
  find(fields: Record<string, unknown>): Record<string, unknown>[] {
    return this.entries().filter((entry) => Object.entries(fields).every(([key, value]) => entry[key] === value));
  }
}
