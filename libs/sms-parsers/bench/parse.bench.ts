import { parseSms, readTrustedBody } from '../src/parse-sms';
import { ParseOptions, SmsInput } from '../src/sms.types';
import { ADVERSARIAL_SHAPES, adversarialBody, RAAST_CREDIT, TRUSTED_SENDERS } from '../src/testing/adversarial-bodies';
import { CORPUS } from '../src/testing/corpus/corpus';
import { GATHERED } from '../src/testing/corpus/gathered-corpus';

const BATCH_MS = 250;

type Mix = readonly { readonly input: SmsInput; readonly options: ParseOptions }[];

/** The development set as it occurs: credits of every tier, wordings no template knows, non-payments of every kind. */
const DEVELOPMENT_MIX: Mix = GATHERED.map(({ sender, body, receivedAt, allowedSenders }) => ({ input: { sender, body, receivedAt }, options: { allowedSenders } }));
/** The exact cases: built on the templates' wordings, so mostly template readings. */
const EXACT_MIX: Mix = CORPUS.map(({ sender, body, receivedAt }) => ({ input: { sender, body, receivedAt }, options: {} }));

export const PARSE_MIXES = { development: DEVELOPMENT_MIX, exact: EXACT_MIX } as const;

/** Parses a mix of messages over and over on one core (the development mix unless told). */
export async function benchParse(durationMs = 3000, mix: Mix = DEVELOPMENT_MIX): Promise<{ parsesPerSecond: number }> {
  for (let warmUp = 0; warmUp < 20; warmUp += 1) for (const { input, options } of mix) parseSms(input, options);
  let parses = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < durationMs) {
    const batchEnd = Math.min(elapsed + BATCH_MS, durationMs);
    while (elapsed < batchEnd) {
      for (const { input, options } of mix) parseSms(input, options);
      parses += mix.length;
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
  void (async () => {
    const development = await benchParse(3000, DEVELOPMENT_MIX);
    const exact = await benchParse(3000, EXACT_MIX);
    console.log(`${development.parsesPerSecond} parses/s on the development mix, ${exact.parsesPerSecond} on the exact cases; a 10 KB body in ${benchWorstTenKb().worstMs} ms at worst`);
  })();
}
