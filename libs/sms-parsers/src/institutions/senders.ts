import { foldUnicode } from '../normalise/text';
import { AllowedSenders, Gateway, GATEWAYS } from '../sms.types';
import { institution, INSTITUTION_IDS } from './institutions';

const SEPARATORS = /[\s\-().]/g;
const PAKISTANI_MOBILE = /^(?:\+92|0092|92)(3\d{9})$/;
/** Already canonical: capitals and digits led by a capital ("HBL", "MEEZAN"), or a short code or local mobile number. */
const CANONICAL = /^(?:[A-Z][A-Z\d]*|\d{1,11})$/;

/** Canonical sender id: no spaces or separators, uppercase, and Pakistani mobiles as `03XXXXXXXXX`. */
export function normalizeSender(raw: string): string {
  if (CANONICAL.test(raw)) return raw;
  const compact = foldUnicode(raw).replace(SEPARATORS, '').toUpperCase();
  const mobile = PAKISTANI_MOBILE.exec(compact);
  return mobile ? `0${mobile[1]}` : compact;
}

function defaultSenders(gateway: Gateway): readonly string[] {
  const senders = INSTITUTION_IDS.map(institution).filter((known) => known.gateway === gateway).flatMap((known) => known.senders);
  return [...new Set(senders)];
}

/** Wallet short codes and bank SMS headers trusted when a tenant gives no list of its own: every institution's. */
export const DEFAULT_ALLOWED_SENDERS: Readonly<Record<Gateway, readonly string[]>> = {
  wallet_one: defaultSenders('wallet_one'),
  wallet_two: defaultSenders('wallet_two'),
  bank: defaultSenders('bank'),
};

export type SenderTrust = ReadonlyMap<string, readonly Gateway[]>;

function buildTrust(allowed: AllowedSenders | undefined): SenderTrust {
  const trust = new Map<string, Gateway[]>();
  for (const gateway of GATEWAYS) {
    for (const sender of allowed?.[gateway] ?? DEFAULT_ALLOWED_SENDERS[gateway]) {
      const id = normalizeSender(sender);
      trust.set(id, [...(trust.get(id) ?? []), gateway]);
    }
  }
  return trust;
}

const DEFAULT_TRUST = buildTrust(undefined);
const tenantTrust = new WeakMap<AllowedSenders, SenderTrust>();

export function senderTrust(allowed: AllowedSenders | undefined): SenderTrust {
  if (allowed === undefined) return DEFAULT_TRUST;
  let trust = tenantTrust.get(allowed);
  if (trust === undefined) {
    trust = buildTrust(allowed);
    tenantTrust.set(allowed, trust);
  }
  return trust;
}
