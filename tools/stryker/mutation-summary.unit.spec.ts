import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// The summary's tool is plain CommonJS (it runs after Stryker, without a build): its shapes are declared here.
interface FileRun {
  readonly mutants: number;
  readonly killed: number;
  readonly timedOut: number;
  readonly survived: number;
  readonly noCoverage: number;
  readonly score: number | null;
  readonly commit: string;
  readonly ranAt: string;
}
interface Summary {
  readonly configs: Record<string, { readonly score: number | null; readonly files: Record<string, FileRun> }>;
}
interface SummaryTool {
  summarizeReport(report: unknown, root?: string): Record<string, Omit<FileRun, 'commit' | 'ranAt'>>;
  mergeRun(summary: Summary, config: string, files: Record<string, Omit<FileRun, 'commit' | 'ranAt'>>, ran: { commit: string; ranAt: string }): Summary;
  renderMarkdown(summary: Summary): string;
  readSummary(): Summary;
  MARKDOWN: string;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script, not a module of the build
const tool: SummaryTool = require('./mutation-summary.js');

const ROOT = join(__dirname, '../..');
/** How many commits may change a file after its last mutation run before the run is taken as out of date. */
const MAX_COMMITS_BEHIND = 10;
/** The floor for every pure module's config (the developers' guide: 85% or more). */
const FLOOR = 85;

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const knownCommit = (commit: string) => {
  try {
    git('cat-file', '-e', `${commit}^{commit}`);
    return true;
  } catch {
    return false;
  }
};

describe('the mutation summary tool', () => {
  const report = {
    files: {
      'libs/a.ts': { mutants: [{ status: 'Killed' }, { status: 'Killed' }, { status: 'Timeout' }, { status: 'Survived' }, { status: 'CompileError' }] },
      'libs/b.ts': { mutants: [{ status: 'NoCoverage' }, { status: 'Ignored' }] },
    },
  };
  const ran = { commit: 'a'.repeat(40), ranAt: '2026-11-28T03:00:00.000Z' };

  it('counts what a test could catch: killed and timed out over killed, timed out, survived and uncovered', () => {
    expect(tool.summarizeReport(report, '/repo')).toEqual({
      'libs/a.ts': { mutants: 4, killed: 2, timedOut: 1, survived: 1, noCoverage: 0, score: 75 },
      'libs/b.ts': { mutants: 1, killed: 0, timedOut: 0, survived: 0, noCoverage: 1, score: 0 },
    });
  });

  it('replaces the files a run covered and keeps the others, with their own commits', () => {
    const first = tool.mergeRun({ configs: {} }, 'domain', tool.summarizeReport(report, '/repo'), ran);
    const later = { commit: 'b'.repeat(40), ranAt: '2026-11-29T03:00:00.000Z' };
    const second = tool.mergeRun(first, 'domain', { 'libs/b.ts': { mutants: 1, killed: 1, timedOut: 0, survived: 0, noCoverage: 0, score: 100 } }, later);
    expect(second.configs.domain.files['libs/a.ts'].commit).toBe(ran.commit);
    expect(second.configs.domain.files['libs/b.ts']).toMatchObject({ killed: 1, commit: later.commit });
    expect(second.configs.domain).toMatchObject({ mutants: 5, score: 80 });
  });
});

const summary = tool.readSummary();
const runs = Object.entries(summary.configs).flatMap(([config, { files }]) => Object.entries(files).map(([path, run]) => ({ config, path, run })));
const historyKnown = runs.every(({ run }) => knownCommit(run.commit));
if (!historyKnown) console.warn('Skipping "the committed mutation summary": this clone lacks the commits it names (a shallow clone?)');

(historyKnown ? describe : describe.skip)('the committed mutation summary', () => {
  it('covers every Stryker config', () => {
    const configs = readdirSync(__dirname).filter((name) => name.endsWith('.stryker.config.mjs')).map((name) => name.replace('.stryker.config.mjs', ''));
    expect(Object.keys(summary.configs).sort()).toEqual(configs.sort());
  });

  it(`keeps every config at ${FLOOR}% or more`, () => {
    const under = Object.entries(summary.configs).filter(([, { score }]) => score === null || score < FLOOR);
    expect(under.map(([config, { score }]) => `${config}: ${score}%`)).toEqual([]);
  });

  it(`is no more than ${MAX_COMMITS_BEHIND} commits behind any file it names (rerun Stryker on those that are)`, () => {
    const stale = runs.flatMap(({ config, path, run }) => {
      if (!existsSync(join(ROOT, path))) return [`${config}: ${path} is gone (rerun the config)`];
      const behind = Number(git('rev-list', '--count', `${run.commit}..HEAD`, '--', path));
      return behind > MAX_COMMITS_BEHIND ? [`${config}: ${path} changed in ${behind} commits since ${run.commit.slice(0, 10)}`] : [];
    });
    expect(stale).toEqual([]);
  });

  it('is what docs/MUTATION.md says', () => {
    expect(readFileSync(tool.MARKDOWN, 'utf8')).toBe(tool.renderMarkdown(summary));
  });
});
