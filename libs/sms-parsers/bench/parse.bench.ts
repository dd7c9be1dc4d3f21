import { parseSms, readTrustedBody } from '../src/parse-sms';
import { ADVERSARIAL_SHAPES, adversarialBody, RAAST_CREDIT, TRUSTED_SENDERS } from '../src/testing/adversarial-bodies';
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

const TEN_KB = 10_240;

/**
 * The slowest read of a 10 KB adversarial body (length cap lifted), over every shape and trusted sender: the fastest
 * of `runs` reads of each, so that a garbage collection is not counted as the parser's time.
 */
export function benchWorstTenKb(runs = 5): { worstMs: number } {
  for (let warmUp = 0; warmUp < 20; warmUp += 1) readTrustedBody('8558', ['wallet_one'], RAAST_CREDIT);
  let worstMs = 0;
  for (const shape of ADVERSARIAL_SHAPES) {
    const body = adversarialBody(shape, TEN_KB);
    for (const [sender, gateways] of TRUSTED_SENDERS) {
      let fastest = Infinity;
      for (let run = 0; run < runs; run += 1) {
        const started = performance.now();
        readTrustedBody(sender, gateways, body);
        fastest = Math.min(fastest, performance.now() - started);
      }
      worstMs = Math.max(worstMs, fastest);
    }
  }
  return { worstMs: Math.round(worstMs * 100) / 100 };
}

if (require.main === module) {
  void benchParse().then(({ parsesPerSecond }) => console.log(`${parsesPerSecond} parses/s; a 10 KB body in ${benchWorstTenKb().worstMs} ms at worst`));
}
