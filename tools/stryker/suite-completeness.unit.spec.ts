import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../..');
const LIBRARY = join(ROOT, 'libs/sms-parsers/src');
/** Too slow to rerun for every mutant, or timed (meaningless on instrumented code). */
const LEFT_OUT = ['parse-sms.adversarial.unit.spec.ts', 'parse-sms.property.unit.spec.ts', 'metamorphic.unit.spec.ts'];

function specs(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return specs(path);
    return entry.name.endsWith('.unit.spec.ts') && !LEFT_OUT.includes(entry.name) ? [path] : [];
  });
}

describe('the mutation-testing suite', () => {
  it("imports every unit spec of the SMS parser but the ones left out on purpose", () => {
    const suite = readFileSync(join(__dirname, 'sms-parsers.suite.spec.ts'), 'utf8');
    const imported = [...suite.matchAll(/^import '(.+)';$/gm)].map((line) => join(__dirname, `${line[1]}.ts`));
    expect(imported.map((path) => relative(ROOT, path)).sort()).toEqual(specs(LIBRARY).map((path) => relative(ROOT, path)).sort());
  });
});
