// The measuring method shared by every benchmark: a warm-up whose figures are dropped, then a number
// of runs whose figures are kept, and the statistics taken over them.

/** `sorted` ascending; a missing sample counts as Infinity, so losses fail a latency target. */
function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** `warmUp()` once (its figures dropped), then `run(index)` `runs` times: the kept figures, in order. */
async function afterWarmUp(runs, warmUp, run) {
  await warmUp();
  const figures = [];
  for (let index = 0; index < runs; index++) figures.push(await run(index));
  return figures;
}

/** Runs `task(i)` for i < count with at most `concurrency` in flight. */
async function pool(count, concurrency, task) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, async () => {
    while (next < count) await task(next++);
  }));
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Prints a standalone benchmark's figures, or its error with a failing exit code. */
function runAlone(bench) {
  bench().then(
    (figures) => console.log(JSON.stringify(figures, null, 2)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

module.exports = { percentile, median, afterWarmUp, pool, sleep, runAlone };
