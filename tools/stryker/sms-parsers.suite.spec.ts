// Every unit spec of the SMS parser in one test file: one module registry per run, so a mutant's run costs the
// tests, not the loading of ten files; the specs that kill most mutants come first, and the first failure ends the
// run (fail-fast-environment.js). Timed, property and metamorphic specs are left out (see the Stryker config).
import '../../libs/sms-parsers/src/testing/corpus/corpus.unit.spec';
import '../../libs/sms-parsers/src/lexicon/guards.unit.spec';
import '../../libs/sms-parsers/src/parse-sms.unit.spec';
import '../../libs/sms-parsers/src/templates/registry.unit.spec';
import '../../libs/sms-parsers/src/cli/json-lines.unit.spec';
import '../../libs/sms-parsers/src/normalise/money.unit.spec';
import '../../libs/sms-parsers/src/normalise/text.unit.spec';
import '../../libs/sms-parsers/src/extract/occurred-at.unit.spec';
import '../../libs/sms-parsers/src/extract/reference.unit.spec';
import '../../libs/sms-parsers/src/institutions/senders.unit.spec';
