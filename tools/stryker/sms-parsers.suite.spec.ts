// Every unit spec of the SMS parser in one test file: one module registry per run, so a mutant's run costs the
// tests, not the loading of many files; the first failure ends the run (fail-fast-environment.js), so the broad and
// quick specs come first (the corpus cases, each a whole reading), the slow generated ones last. Timed, property and
// metamorphic specs are left out (see the Stryker config).
import '../../libs/sms-parsers/src/testing/corpus/corpus.unit.spec';
import '../../libs/sms-parsers/src/parse-sms.unit.spec';
import '../../libs/sms-parsers/src/normalise/money.unit.spec';
import '../../libs/sms-parsers/src/normalise/money-mentions.unit.spec';
import '../../libs/sms-parsers/src/normalise/text.unit.spec';
import '../../libs/sms-parsers/src/lexicon/lexicon.unit.spec';
import '../../libs/sms-parsers/src/extract/sentences.unit.spec';
import '../../libs/sms-parsers/src/extract/reference.unit.spec';
import '../../libs/sms-parsers/src/extract/amount.unit.spec';
import '../../libs/sms-parsers/src/extract/accounts.unit.spec';
import '../../libs/sms-parsers/src/extract/names.unit.spec';
import '../../libs/sms-parsers/src/extract/analyse.unit.spec';
import '../../libs/sms-parsers/src/extract/dates.unit.spec';
import '../../libs/sms-parsers/src/extract/occurred-at.unit.spec';
import '../../libs/sms-parsers/src/classify/fragments.unit.spec';
import '../../libs/sms-parsers/src/classify/read-debit.unit.spec';
import '../../libs/sms-parsers/src/classify/classify.unit.spec';
import '../../libs/sms-parsers/src/institutions/senders.unit.spec';
import '../../libs/sms-parsers/src/learned/derive-template.unit.spec';
import '../../libs/sms-parsers/src/learned/learned-template-set.unit.spec';
import '../../libs/sms-parsers/src/learned/template-pattern.unit.spec';
import '../../libs/sms-parsers/src/institutions/identify.unit.spec';
import '../../libs/sms-parsers/src/institutions/institutions.unit.spec';
import '../../libs/sms-parsers/src/explain.unit.spec';
import '../../libs/sms-parsers/src/templates/read-by-template.unit.spec';
import '../../libs/sms-parsers/src/templates/registry.unit.spec';
import '../../libs/sms-parsers/src/cli/json-lines.unit.spec';
import '../../libs/sms-parsers/src/lexicon/guards.unit.spec';
import '../../libs/sms-parsers/src/lexicon/phrases.unit.spec';
import '../../libs/sms-parsers/src/learned/generalisation.unit.spec';
