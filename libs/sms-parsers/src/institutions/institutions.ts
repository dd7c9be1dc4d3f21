import { Gateway } from '../sms.types';

/** What an institution's messages usually show: evidence about a reading, never a gate (formats change without notice). */
export interface Usual {
  readonly shape: RegExp;
  /** The shape in words, for an explanation: "12 digits". */
  readonly described: string;
}

/**
 * A bank or wallet whose credit alerts we read: the gateway its credits count for, the sender ids its alerts come
 * from (normalised: no separators, uppercase; they seed the default allow-list), the names it goes by in a
 * message (phrases as in `lexicon/wordings.ts`) and, for wallets, what their alerts usually show.
 * Where each sender id was seen is in `README.md`.
 */
export interface Institution {
  readonly name: string;
  readonly gateway: Gateway;
  readonly senders: readonly string[];
  readonly names: readonly string[];
  /** The usual shape of its transaction ids: a reading that departs from it is still read, and says so. */
  readonly usualReference?: Usual;
  /** The usual shape of its account numbers: a wallet's is a whole mobile number, or a masked one. */
  readonly usualAccount?: Usual;
  /** Every credit alert it sends carries a transaction id: one read without any is a fragment of a message. */
  readonly creditsCarryReference?: true;
}

const WALLET_NUMBER: Usual = { shape: /^(?:(?:\+?92|0)3\d{9}|.*[*xX].*)$/, described: 'a mobile number, whole or masked' };

export const INSTITUTIONS = {
  jazzcash: {
    name: 'JazzCash', gateway: 'wallet_one', senders: ['8558', 'JAZZCASH'],
    names: ['jazz ?cash', 'mobilink', 'جاز ?کیش'],
    usualReference: { shape: /^\d{12}$/, described: '12 digits' }, usualAccount: WALLET_NUMBER, creditsCarryReference: true,
  },
  easypaisa: {
    name: 'Easypaisa', gateway: 'wallet_two', senders: ['3737', 'EASYPAISA'],
    names: ['easy ?paisa', 'telenor', 'ایزی ?پیسہ'],
    usualReference: { shape: /^[A-Z\d]{8,16}$/, described: '8 to 16 letters and digits' }, usualAccount: WALLET_NUMBER,
  },
  hbl: { name: 'HBL', gateway: 'bank', senders: ['4250', '14250', 'HBL'], names: ['hbl', 'habib bank', 'hbl konnect'] },
  hblKonnect: { name: 'HBL Konnect', gateway: 'bank', senders: ['KONNECT'], names: ['konnect', 'hbl konnect'] },
  meezan: { name: 'Meezan Bank', gateway: 'bank', senders: ['8079', '9779', 'MEEZAN', 'MEEZANBANK'], names: ['meezan', 'mbl'] },
  ubl: { name: 'UBL', gateway: 'bank', senders: ['8257', 'UBL'], names: ['ubl', 'united bank'] },
  mcb: { name: 'MCB', gateway: 'bank', senders: ['6222', 'MCB'], names: ['mcb'] },
  mcbIslamic: { name: 'MCB Islamic', gateway: 'bank', senders: ['MCBISLAMIC'], names: ['mcb islamic'] },
  allied: { name: 'Allied Bank', gateway: 'bank', senders: ['9080', '9225', 'ABL', 'ALLIEDBANK'], names: ['abl', 'allied', 'myabl'] },
  alfalah: { name: 'Bank Alfalah', gateway: 'bank', senders: ['8287', 'ALFALAH', 'BAFL', 'BANKALFALAH'], names: ['alfalah', 'bafl'] },
  bankAlHabib: { name: 'Bank Al Habib', gateway: 'bank', senders: ['BAHL', 'BANKALHABIB'], names: ['bank al ?habib', 'al ?habib', 'bahl'] },
  faysal: { name: 'Faysal Bank', gateway: 'bank', senders: ['8756', 'FBL', 'FAYSALBANK'], names: ['faysal', 'fbl'] },
  standardChartered: {
    name: 'Standard Chartered', gateway: 'bank', senders: ['9220', '7220', 'SCB', 'SCBPK', 'STANCHART'], names: ['standard chartered', 'scb', 'stanchart'],
  },
  jsBank: { name: 'JS Bank', gateway: 'bank', senders: ['JSBANK', 'JSBL'], names: ['js ?bank', 'jsbl'] },
  askari: { name: 'Askari Bank', gateway: 'bank', senders: ['8870', 'AKBL', 'ASKARIBANK'], names: ['askari', 'akbl'] },
  soneri: { name: 'Soneri Bank', gateway: 'bank', senders: ['9293', 'SONERI', 'SONERIBANK'], names: ['soneri'] },
  habibMetro: { name: 'HabibMetro', gateway: 'bank', senders: ['HABIBMETRO', 'HMB'], names: ['habib ?metro', 'habib metropolitan', 'hmb'] },
  nbp: { name: 'National Bank of Pakistan', gateway: 'bank', senders: ['NBP'], names: ['nbp', 'national bank'] },
  bankOfPunjab: { name: 'Bank of Punjab', gateway: 'bank', senders: ['BOP'], names: ['bop', 'bank of punjab'] },
  dubaiIslamic: { name: 'Dubai Islamic Bank', gateway: 'bank', senders: ['DIBPAK', 'DIB'], names: ['dubai islamic', 'dib', 'dibpak'] },
  bankIslami: { name: 'BankIslami', gateway: 'bank', senders: ['BANKISLAMI'], names: ['bank ?islami'] },
  alBaraka: { name: 'Al Baraka Bank', gateway: 'bank', senders: ['ALBARAKA'], names: ['al ?baraka'] },
  bankOfKhyber: { name: 'Bank of Khyber', gateway: 'bank', senders: ['BOK'], names: ['bok', 'bank of khyber'] },
  sindhBank: { name: 'Sindh Bank', gateway: 'bank', senders: ['8987', 'SINDHBANK'], names: ['sindh bank'] },
  firstWomenBank: { name: 'First Women Bank', gateway: 'bank', senders: ['FWBL'], names: ['fwbl', 'first women bank'] },
  ztbl: { name: 'Zarai Taraqiati Bank', gateway: 'bank', senders: ['ZTBL'], names: ['ztbl', 'zarai taraqiati'] },
  silkbank: { name: 'Silkbank', gateway: 'bank', senders: ['SILKBANK'], names: ['silk ?bank'] },
  nayapay: { name: 'NayaPay', gateway: 'bank', senders: ['NAYAPAY'], names: ['naya ?pay'] },
  sadapay: { name: 'SadaPay', gateway: 'bank', senders: ['SADAPAY'], names: ['sada ?pay'] },
  upaisa: { name: 'UPaisa', gateway: 'bank', senders: ['UPAISA', 'UBANK'], names: ['u ?paisa', 'u ?bank', 'u microfinance'] },
  zindigi: { name: 'Zindigi', gateway: 'bank', senders: ['ZINDIGI'], names: ['zindigi', 'js ?bank'] },
  mobilinkBank: { name: 'Mobilink Microfinance Bank', gateway: 'bank', senders: ['MOBILINKBANK', 'MMBL', 'DOST'], names: ['mobilink (?:microfinance )?bank', 'mmbl', 'dost'] },
  khushhali: { name: 'Khushhali Microfinance Bank', gateway: 'bank', senders: ['KMBL', 'KHUSHHALI'], names: ['khushhali', 'kmbl'] },
  simsim: { name: 'SimSim (FINCA)', gateway: 'bank', senders: ['SIMSIM', 'FINCA'], names: ['sim ?sim', 'finca'] },
  raqami: { name: 'Raqami', gateway: 'bank', senders: ['RAQAMI'], names: ['raqami'] },
  mashreqNeo: { name: 'Mashreq NEO', gateway: 'bank', senders: ['MASHREQNEO', 'MASHREQ'], names: ['mashreq(?: ?neo)?', 'neo'] },
} as const satisfies Record<string, Institution>;

export type InstitutionId = keyof typeof INSTITUTIONS;

export function isInstitutionId(id: string): id is InstitutionId {
  return Object.hasOwn(INSTITUTIONS, id);
}

export const INSTITUTION_IDS: readonly InstitutionId[] = Object.keys(INSTITUTIONS).filter(isInstitutionId);

export function institution(id: InstitutionId): Institution {
  return INSTITUTIONS[id];
}

const BY_NAME = new Map<string, InstitutionId>(INSTITUTION_IDS.map((id) => [INSTITUTIONS[id].name, id]));

/** The institution a parse names (events record its name, as `ParsedSms.institution` gives it); null for a name no longer known. */
export function institutionIdByName(name: string): InstitutionId | null {
  return BY_NAME.get(name) ?? null;
}
