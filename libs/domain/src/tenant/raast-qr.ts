/** The longest payload a merchant's bank issues for a static QR: EMVCo caps each field at 99 characters. */
export const MAX_RAAST_QR_LENGTH = 512;

/** CRC-16/CCITT-FALSE, as EMVCo's merchant-presented QR codes end with it (tag 63). */
function crc16(text: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/**
 * Why a Raast QR payload as an operator pasted it would not scan in a payer's app, or null when it would: an EMVCo
 * merchant-presented payload starts with its format indicator (`000201`) and ends with its checksum (`6304` and four
 * hex digits over everything before them). A payload the checksum does not match is a copy that lost or changed a character.
 */
export function raastQrProblem(payload: string): string | null {
  if (!/^[\x20-\x7e]+$/.test(payload)) return 'raast_qr must be the QR payload as printable ASCII text';
  if (payload.length > MAX_RAAST_QR_LENGTH) return `raast_qr must be at most ${MAX_RAAST_QR_LENGTH} characters`;
  if (!payload.startsWith('000201')) return 'raast_qr must be an EMVCo QR payload, starting 000201';
  const checksum = /6304([0-9A-Fa-f]{4})$/.exec(payload);
  if (!checksum) return 'raast_qr must end with its checksum (6304 and four hex digits)';
  const expected = crc16(payload.slice(0, -4));
  if (parseInt(checksum[1], 16) !== expected) return `raast_qr's checksum does not match its text (expected ${expected.toString(16).toUpperCase().padStart(4, '0')}): copy it again from the bank`;
  return null;
}
