import { Command } from 'commander';
import type { ProjectionData, RebuildData } from '../api-types';
import { ApiError } from '../cli-errors';
import { action } from '../program';
import { progressBar } from '../progress';

const POLL_INTERVAL_MS = 500;

export function projectionsCommand(program: Command): void {
  const projections = program.command('projections').description('the read models built from the events');

  projections
    .command('status')
    .description('where each projection stands, how far behind the log, and its last rebuild')
    .action(
      action(async ({ api, out }) => {
        const all = await api.get<ProjectionData[]>('/admin/projections');
        out.result(all, () =>
          out.table(
            ['name', 'checkpoint', 'lag events', 'lag seconds', 'last rebuild'],
            all.map((p) => [p.name, p.checkpoint, p.lag_events, p.lag_seconds, p.rebuild && describeRebuild(p.rebuild)]),
          ),
        );
      }),
    );

  projections
    .command('rebuild')
    .description('rebuild a projection from the whole log while the service runs, showing its progress')
    .argument('<name>', 'the projection, as `projections status` names it')
    .action(
      action(async ({ api, out }, name: string) => {
        let rebuild = rebuildOf(await api.post<ProjectionData>(`/admin/projections/${encodeURIComponent(name)}/rebuild`));
        const bar = out.json ? null : progressBar(`rebuilding ${name}`);
        bar?.start(rebuild.events_total, rebuild.events_done, { detail: '' });
        while (rebuild.status === 'requested' || rebuild.status === 'running') {
          await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
          rebuild = rebuildOf((await api.get<ProjectionData[]>('/admin/projections')).find((projection) => projection.name === name));
          bar?.setTotal(rebuild.events_total);
          bar?.update(rebuild.events_done, { detail: ` ${Math.round(rebuild.events_per_s)} events/s` });
        }
        bar?.stop();
        if (rebuild.status === 'failed') throw new ApiError(`rebuild of ${name} failed: ${rebuild.error ?? 'no reason given'}`);
        out.result(rebuild, () => out.line(`${name} rebuilt: ${describeRebuild(rebuild)}`));
      }),
    );
}

function rebuildOf(projection: ProjectionData | undefined): RebuildData {
  if (!projection?.rebuild) throw new ApiError('the service does not report the rebuild it accepted');
  return projection.rebuild;
}

function describeRebuild(rebuild: RebuildData): string {
  const error = rebuild.error ? `: ${rebuild.error}` : '';
  return `${rebuild.status} ${rebuild.events_done}/${rebuild.events_total} events, ${Math.round(rebuild.events_per_s)} events/s${error}`;
}
