import { MAX_BODY_LENGTH, parseSms, readTrustedBody } from './parse-sms';
import { Gateway } from './sms.types';
import { ADVERSARIAL_SHAPES, adversarialBody, RAAST_CREDIT, TRUSTED_SENDERS } from './testing/adversarial-bodies';

// Timed, so left out of mutation testing (tools/stryker), where instrumented code is slower by design.
describe('adversarial bodies', () => {
  const TEN_KB = 10_240;
  type Read = (sender: string, gateways: readonly Gateway[], body: string) => unknown;
  // The fastest of a few runs: a garbage collection or a busy neighbour that falls in one run is not the parser's time.
  const fastestOf = (read: Read, sender: string, gateways: readonly Gateway[], body: string): number => {
    let fastest = Infinity;
    for (let run = 0; run < 6; run += 1) {
      const started = performance.now();
      read(sender, gateways, body);
      fastest = Math.min(fastest, performance.now() - started);
    }
    return fastest;
  };
  const warmUp = (read: Read) => {
    for (let run = 0; run < 3; run += 1) read('8558', ['wallet_one'], RAAST_CREDIT);
  };

  // Absolute times depend on the machine and its load, so these are generous ceilings against catastrophic
  // backtracking; the growth test below is the sharp one (benchmarks measure speed: `npm run bench`).
  it('read a 10 KB body, with the length cap lifted, in linear time: four times the text, never much more than four times the time', () => {
    const read: Read = (sender, gateways, body) => readTrustedBody(sender, gateways, body);
    warmUp(read);
    const superlinear: string[] = [];
    for (const shape of ADVERSARIAL_SHAPES) {
      for (const [sender, gateways] of TRUSTED_SENDERS) {
        const small = adversarialBody(shape, TEN_KB / 4);
        const large = adversarialBody(shape, TEN_KB);
        // Quadratic work shows as ~16× the time for 4× the text; linear work, on a machine whose garbage collector
        // is busy (a long test run), up to ~11× (measured: 0.88 → 10.2 ms), as the larger body's garbage costs more
        // than its share. So 12× or more is superlinear. Only slow bodies are judged, as sub-millisecond times are
        // mostly fixed cost and timer noise, and a body is judged superlinear only if every one of three
        // measurements says so (a busy machine can slow one). Both sizes are past the length cap's shortcuts.
        const growth = () => {
          const [smallMs, largeMs] = [fastestOf(read, sender, gateways, small), fastestOf(read, sender, gateways, large)];
          return { largeMs, superlinear: largeMs > 2 && largeMs >= 12 * smallMs, told: `${smallMs.toFixed(2)} ms → ${largeMs.toFixed(2)} ms` };
        };
        const measured = [growth()];
        while (measured.length < 3 && measured.every((measure) => measure.superlinear)) measured.push(growth());
        if (measured.every((measure) => measure.superlinear)) {
          superlinear.push(`${JSON.stringify(shape.unit)} after ${JSON.stringify(shape.prefix)} from ${sender}: ${measured.map((measure) => measure.told).join(', ')}`);
        }
        const largeMs = Math.min(...measured.map((measure) => measure.largeMs));
        expect(largeMs).toBeLessThan(100);
      }
    }
    expect(superlinear).toEqual([]);
  });

  it('parse any body up to the length cap in under 20 ms', () => {
    const allowedSenders = { bank: ['MY-BANK'], wallet_one: ['MY-BANK'] };
    const read: Read = (sender, _, body) => parseSms({ sender, body }, { allowedSenders });
    warmUp(read);
    let slowest = 0;
    for (const shape of ADVERSARIAL_SHAPES) {
      for (const [sender, gateways] of TRUSTED_SENDERS) slowest = Math.max(slowest, fastestOf(read, sender, gateways, adversarialBody(shape, MAX_BODY_LENGTH)));
    }
    expect(slowest).toBeLessThan(20);
  });
});
