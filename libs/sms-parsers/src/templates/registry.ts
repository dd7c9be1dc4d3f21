import { ALFALAH_TEMPLATES } from './banks/alfalah.templates';
import { ALLIED_TEMPLATES } from './banks/allied.templates';
import { ASKARI_TEMPLATES } from './banks/askari.templates';
import { BANK_AL_HABIB_TEMPLATES } from './banks/bank-al-habib.templates';
import { FAYSAL_TEMPLATES } from './banks/faysal.templates';
import { HBL_TEMPLATES } from './banks/hbl.templates';
import { JS_BANK_TEMPLATES } from './banks/js-bank.templates';
import { MCB_TEMPLATES } from './banks/mcb.templates';
import { MEEZAN_TEMPLATES } from './banks/meezan.templates';
import { SONERI_TEMPLATES } from './banks/soneri.templates';
import { STANDARD_CHARTERED_TEMPLATES } from './banks/standard-chartered.templates';
import { UBL_TEMPLATES } from './banks/ubl.templates';
import { SmsTemplate } from './template';
import { WALLET_ONE_TEMPLATES } from './wallet-one.templates';
import { WALLET_TWO_TEMPLATES } from './wallet-two.templates';

/** Every known incoming-money wording; adding a bank is adding its templates file here. */
export const TEMPLATES: readonly SmsTemplate[] = [
  ...WALLET_ONE_TEMPLATES,
  ...WALLET_TWO_TEMPLATES,
  ...HBL_TEMPLATES,
  ...MEEZAN_TEMPLATES,
  ...UBL_TEMPLATES,
  ...MCB_TEMPLATES,
  ...ALLIED_TEMPLATES,
  ...ALFALAH_TEMPLATES,
  ...BANK_AL_HABIB_TEMPLATES,
  ...FAYSAL_TEMPLATES,
  ...STANDARD_CHARTERED_TEMPLATES,
  ...JS_BANK_TEMPLATES,
  ...ASKARI_TEMPLATES,
  ...SONERI_TEMPLATES,
];
