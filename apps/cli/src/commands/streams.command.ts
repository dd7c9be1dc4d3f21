import { Command } from 'commander';
import type { EventData, EventLogPage, StreamPage } from '../api-types';
import { action, wholeNumber } from '../program';
import { eventLine, eventsTable } from './event-output';

const PAGE = 1000;
/** How long one request of `follow` waits for new events before asking again. */
const LONG_POLL_MS = 25_000;

export function streamsCommand(program: Command): void {
  const streams = program.command('streams').description('the event store: one stream, or the whole log live');

  streams
    .command('read')
    .description('every event of one stream, e.g. payment-<uuid>, tenant-<id>, sms-<uuid>')
    .argument('<stream>', 'the stream name')
    .option('--from-version <version>', 'the first version to show', wholeNumber)
    .action(
      action(async ({ api, out }, stream: string, options: { fromVersion?: number }) => {
        const events: EventData[] = [];
        for (let from: number | null = options.fromVersion ?? 1; from !== null; ) {
          const page: StreamPage = await api.get<StreamPage>(`/admin/streams/${encodeURIComponent(stream)}`, { from_version: from, limit: PAGE });
          events.push(...page.events);
          from = page.next_version;
        }
        out.result({ stream, events }, () => eventsTable(out, events));
      }),
    );

  streams
    .command('follow')
    .description('print every event of every stream as it is recorded, until Ctrl-C (from the start of the log, or --from)')
    .option('--from <checkpoint>', 'start after this checkpoint (the first column of each line)')
    .action(
      action(async ({ api, out }, options: { from?: string }) => {
        const stop = new AbortController();
        process.once('SIGINT', () => stop.abort());
        process.once('SIGTERM', () => stop.abort());
        let after = options.from;
        while (!stop.signal.aborted) {
          let page: EventLogPage;
          try {
            page = await api.get<EventLogPage>('/admin/events', { after, limit: PAGE, wait_ms: LONG_POLL_MS }, stop.signal);
          } catch (error) {
            if (stop.signal.aborted) break;
            throw error;
          }
          for (const event of page.events) out.line(out.json ? JSON.stringify(event) : eventLine(event));
          after = page.next ?? undefined;
        }
      }),
    );
}
