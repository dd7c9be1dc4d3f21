import { GATHERED, SEALED } from '../testing/corpus/gathered-corpus';
import { byGateway, byInstitution, byProvenance, evaluate, formatTable } from '../testing/corpus/evaluation';

/**
 * `npm run sms:eval`: how the parser reads the sealed set (gathered apart, never tuned on) and the development set,
 * per gateway, provenance and institution. The sealed set's first-contact score is in its folder's FIRST-CONTACT.md.
 */
function main(): void {
  const tables = [
    formatTable('Sealed set (2026-11-27), by gateway', evaluate(SEALED, byGateway)),
    formatTable('Sealed set, by provenance', evaluate(SEALED, byProvenance)),
    formatTable('Sealed set, by institution', evaluate(SEALED, byInstitution)),
    formatTable('Development set, by gateway', evaluate(GATHERED, byGateway)),
    formatTable('Development set, by provenance', evaluate(GATHERED, byProvenance)),
    formatTable('Development set, by institution', evaluate(GATHERED, byInstitution)),
  ];
  process.stdout.write(`${tables.join('\n\n')}\n`);
}

main();
