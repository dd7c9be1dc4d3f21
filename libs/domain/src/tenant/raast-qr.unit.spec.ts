import fc from 'fast-check';
import { MAX_RAAST_QR_LENGTH, raastQrProblem } from './raast-qr';

// A static merchant QR as a Pakistani bank issues it (made up: account and names are not real), without its checksum.
const BODY = '00020101021126360012pk.raast.p2m0116PK36SCBL00000011520400005303586540545005802PK5915ZAINAB LAWN HSE6007KARACHI6304';

/** CRC-16/CCITT-FALSE written the long way, to check the module's against. */
function checksumOf(text: string): string {
  let crc = 0xffff;
  for (const code of Buffer.from(text)) {
    for (let bit = 7; bit >= 0; bit--) {
      const top = (crc >> 15) & 1;
      const incoming = (code >> bit) & 1;
      crc = ((crc << 1) & 0xffff) ^ (top ^ incoming ? 0x1021 : 0);
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const PAYLOAD = BODY + checksumOf(BODY);

describe('raastQrProblem', () => {
  it('accepts a payload whose checksum matches, in either case of hex', () => {
    expect(checksumOf('123456789')).toBe('29B1'); // the algorithm's published check value
    expect(raastQrProblem(PAYLOAD)).toBeNull();
    expect(raastQrProblem(PAYLOAD.slice(0, -4) + PAYLOAD.slice(-4).toLowerCase())).toBeNull();
  });

  it('refuses a payload with any one character before its checksum changed, dropped or added: a bad copy does not scan', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: BODY.length - 5 }), fc.constantFrom(...'0123456789ABCZ .'), fc.constantFrom('change', 'drop', 'add'), (at, character, how) => {
        const changed = how === 'change' ? BODY.slice(0, at) + character + BODY.slice(at + 1) : how === 'drop' ? BODY.slice(0, at) + BODY.slice(at + 1) : BODY.slice(0, at) + character + BODY.slice(at);
        fc.pre(changed !== BODY && changed.startsWith('000201'));
        expect(raastQrProblem(changed + checksumOf(BODY))).toMatch(/checksum does not match its text \(expected [0-9A-F]{4}\)/);
      }),
    );
  });

  it.each([
    ['text with a line break', `${PAYLOAD}\n`, 'raast_qr must be the QR payload as printable ASCII text'],
    ['a control character before the payload', `\u0007${PAYLOAD}`, 'raast_qr must be the QR payload as printable ASCII text'],
    ['Urdu text', 'راست', 'raast_qr must be the QR payload as printable ASCII text'],
    ['an empty text', '', 'raast_qr must be the QR payload as printable ASCII text'],
    ['a payload too long', `000201${'0'.repeat(MAX_RAAST_QR_LENGTH)}`, `raast_qr must be at most ${MAX_RAAST_QR_LENGTH} characters`],
    ['a URL', 'https://bank.example/pay/123', 'raast_qr must be an EMVCo QR payload, starting 000201'],
    ['a payload without a checksum', BODY.slice(0, -4), 'raast_qr must end with its checksum (6304 and four hex digits)'],
    ['a checksum that is not hex', `${BODY}12G4`, 'raast_qr must end with its checksum (6304 and four hex digits)'],
    ['text after its checksum', `${PAYLOAD}00`, 'raast_qr must end with its checksum (6304 and four hex digits)'],
  ])('refuses %s', (_, payload, problem) => {
    expect(raastQrProblem(payload)).toBe(problem);
  });

  it('takes the longest payload allowed', () => {
    const body = `${BODY.slice(0, -4)}${'9'.repeat(MAX_RAAST_QR_LENGTH - BODY.length - 4)}6304`;
    expect(body.length + 4).toBe(MAX_RAAST_QR_LENGTH);
    expect(raastQrProblem(body + checksumOf(body))).toBeNull();
  });
});
