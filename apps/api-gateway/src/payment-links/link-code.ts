import { randomInt } from 'node:crypto';

/** Lower-case letters and digits a payer cannot misread for each other (no 0/o, 1/l/i). */
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const LENGTH = 10;
/** A code as it may stand in a page's address: anything else is no link, answered before any read. */
export const LINK_CODE = new RegExp(`^[${ALPHABET}]{${LENGTH}}$`);

/** A new link's public code: 31^10 (about 8 * 10^14) codes, so a link is found only by being given it. */
export function newLinkCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
