import { parseSms } from '../src/parse-sms';
import { CORPUS } from '../src/testing/corpus/corpus';

const BATCH_MS = 250;

/** Parses the corpus mix (credits of every template and every kind of rejection) over and over on one core. */
export async function benchParse(durationMs = 3000): Promise<{ parsesPerSecond: number }> {
  const inputs = CORPUS.map(({ sender, body, receivedAt }) => ({ sender, body, receivedAt }));
  for (let warmUp = 0; warmUp < 20; warmUp += 1) for (const input of inputs) parseSms(input);
  let parses = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < durationMs) {
    const batchEnd = Math.min(elapsed + BATCH_MS, durationMs);
    while (elapsed < batchEnd) {
      for (const input of inputs) parseSms(input);
      parses += inputs.length;
      elapsed = performance.now() - started;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { parsesPerSecond: Math.round(parses / (elapsed / 1000)) };
}

if (require.main === module) {
  void benchParse().then(({ parsesPerSecond }) => console.log(`${parsesPerSecond} parses/s`));
}
