import { GATHERED, HELD_OUT } from '../testing/corpus/gathered-corpus';
import { byGateway, byInstitution, byProvenance, evaluate, formatTable } from '../testing/corpus/evaluation';

/**
 * `npm run sms:eval`: how the parser reads the gathered corpus, per gateway, institution and provenance, with the
 * held-out set (never read while the parser was built) apart.
 */
function main(): void {
  const round = (prefix: string) => HELD_OUT.filter((entry) => entry.id.startsWith(prefix));
  const tables = [
    formatTable('Held-out set, by round and gateway', [
      ...evaluate(round('heldout-')).map((row) => ({ ...row, group: 'round 1' })),
      ...evaluate(round('heldout2-')).map((row) => ({ ...row, group: 'round 2' })),
      ...evaluate(round('heldout3-')).map((row) => ({ ...row, group: 'round 3' })),
      ...evaluate(HELD_OUT, byGateway),
    ]),
    formatTable('Held-out set, by institution', evaluate(HELD_OUT, byInstitution)),
    formatTable('Development set, by gateway', evaluate(GATHERED, byGateway)),
    formatTable('Development set, by institution', evaluate(GATHERED, byInstitution)),
    formatTable('Whole corpus, by provenance', evaluate([...GATHERED, ...HELD_OUT], byProvenance)),
  ];
  process.stdout.write(`${tables.join('\n\n')}\n`);
}

main();
