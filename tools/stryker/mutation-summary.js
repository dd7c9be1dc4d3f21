// After each `npm run test:mutation` run (or a targeted one: `--mutate <files>`): reads Stryker's JSON report of one
// config and records, per file, its mutants by outcome, its score, and the commit and date it ran at, in
// docs/mutation/summary.json; docs/MUTATION.md is written from it. A file not in the report keeps its last entry.
// Usage: node tools/stryker/mutation-summary.js <config> (reads reports/mutation/<config>.json).
const { execFileSync } = require('node:child_process');
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const ROOT = join(__dirname, '../..');
const SUMMARY = join(ROOT, 'docs/mutation/summary.json');
const MARKDOWN = join(ROOT, 'docs/MUTATION.md');

/** Outcomes that count, as Stryker names them: compile and runtime errors and ignored mutants are no test's verdict. */
const COUNTED = { Killed: 'killed', Timeout: 'timedOut', Survived: 'survived', NoCoverage: 'noCoverage' };

/** Killed and timed-out mutants over every mutant a test could have caught, in percent, one decimal. */
function scoreOf({ killed, timedOut, survived, noCoverage }) {
  const valid = killed + timedOut + survived + noCoverage;
  return valid === 0 ? null : Math.round(((killed + timedOut) / valid) * 1000) / 10;
}

function tally(mutants) {
  const counts = { mutants: 0, killed: 0, timedOut: 0, survived: 0, noCoverage: 0 };
  for (const { status } of mutants) {
    const key = COUNTED[status];
    if (!key) continue;
    counts[key]++;
    counts.mutants++;
  }
  return { ...counts, score: scoreOf(counts) };
}

/** Each file of a Stryker JSON report (mutation-testing-report-schema), by its path from the repository root. */
function summarizeReport(report, root = ROOT) {
  return Object.fromEntries(Object.entries(report.files).map(([path, file]) => [relative(root, join(root, path)), tally(file.mutants)]));
}

/** The config's totals over its files. */
function totalsOf(files) {
  const counts = { mutants: 0, killed: 0, timedOut: 0, survived: 0, noCoverage: 0 };
  for (const file of Object.values(files)) for (const key of Object.keys(counts)) counts[key] += file[key];
  return { ...counts, score: scoreOf(counts) };
}

/** The summary with one run of one config merged in: its files replaced, the others kept. */
function mergeRun(summary, config, files, ran) {
  const previous = summary.configs[config]?.files ?? {};
  const merged = { ...previous, ...Object.fromEntries(Object.entries(files).map(([path, counts]) => [path, { ...counts, ...ran }])) };
  const sorted = Object.fromEntries(Object.keys(merged).sort().map((path) => [path, merged[path]]));
  return { configs: { ...summary.configs, [config]: { ...totalsOf(sorted), files: sorted } } };
}

const percent = (score) => (score === null ? '—' : `${score.toFixed(1)}%`);

function renderMarkdown(summary) {
  const sections = Object.entries(summary.configs).map(([config, { files, ...totals }]) => {
    const rows = Object.entries(files).map(
      ([path, f]) => `| \`${path}\` | ${f.mutants} | ${f.killed} | ${f.timedOut} | ${f.survived} | ${f.noCoverage} | ${percent(f.score)} | ${f.commit.slice(0, 10)} | ${f.ranAt.slice(0, 10)} |`,
    );
    return [
      `## ${config}: ${percent(totals.score)} (${totals.mutants} mutants: ${totals.killed} killed, ${totals.timedOut} timed out, ${totals.survived} survived, ${totals.noCoverage} without coverage)`,
      '',
      '| File | Mutants | Killed | Timed out | Survived | No coverage | Score | Commit | Ran |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n');
  });
  return [
    '# Mutation testing: the last run of each file',
    '',
    'Written by `tools/stryker/mutation-summary.js` after each `npm run test:mutation` run (or a targeted',
    '`npx stryker run <config> --mutate <files>` followed by it), from `docs/mutation/summary.json`. A file ran at',
    'the commit named (its tree may have had changes not yet committed). `tools/stryker/mutation-summary.unit.spec.ts`',
    'fails when a file has changed in more commits since than it allows, or a score is under its floor.',
    '',
    ...sections.flatMap((section) => [section, '']),
  ].join('\n');
}

function readSummary() {
  return existsSync(SUMMARY) ? JSON.parse(readFileSync(SUMMARY, 'utf8')) : { configs: {} };
}

function main(config) {
  const report = JSON.parse(readFileSync(join(ROOT, `reports/mutation/${config}.json`), 'utf8'));
  const ran = { commit: execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim(), ranAt: new Date().toISOString() };
  const summary = mergeRun(readSummary(), config, summarizeReport(report), ran);
  writeFileSync(SUMMARY, `${JSON.stringify(summary, null, 1)}\n`);
  writeFileSync(MARKDOWN, renderMarkdown(summary));
  process.stdout.write(`${config}: ${percent(summary.configs[config].score)} over ${summary.configs[config].mutants} mutants; docs/MUTATION.md written\n`);
}

module.exports = { summarizeReport, mergeRun, renderMarkdown, readSummary, SUMMARY, MARKDOWN };

if (require.main === module) main(process.argv[2]);
