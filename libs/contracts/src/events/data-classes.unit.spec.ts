import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataClass, EVENT_DATA_CLASSES } from './data-classes';
import { EVENT_SCHEMAS } from './schemas';

interface RecordedEvent {
  readonly type: string;
  readonly data: Record<string, unknown>;
}

// Every event type as the service records it, with realistic values (tools/golden-event-log).
const GOLDEN: readonly RecordedEvent[] = JSON.parse(readFileSync(join(__dirname, '../../../../tools/golden-event-log/golden-events.json'), 'utf8'));

const classesOf = (type: string): Record<string, DataClass> | undefined => (EVENT_DATA_CLASSES as Record<string, Record<string, DataClass>>)[type];

/** Every string a value holds, however deep. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsIn);
  return [];
}

/** What gives a value away as someone's: a Pakistani mobile number, an IBAN, a masked account, a name the fixtures give payers. */
const PERSONAL = [/(?:\+92|\b0)3\d{2}[ -]?\d{7}\b/, /\bPK\d{2}[A-Z]{4}\d{4,}/, /[*xX]{3,}\d{3,}/];

describe('the classification of recorded data', () => {
  it('classifies every event type the store records', () => {
    expect(Object.keys(EVENT_DATA_CLASSES).sort()).toEqual(Object.keys(EVENT_SCHEMAS).sort());
  });

  it('classifies every field of every event in the golden log, which holds every type', () => {
    const unclassified = new Set<string>();
    const seen = new Map<string, Set<string>>();
    for (const { type, data } of GOLDEN) {
      const classes = classesOf(type) ?? {};
      for (const field of Object.keys(data)) {
        if (!(field in classes)) unclassified.add(`${type}.${field}`);
        seen.set(type, (seen.get(type) ?? new Set()).add(field));
      }
    }
    expect([...unclassified]).toEqual([]);
    expect([...seen.keys()].sort()).toEqual(Object.keys(EVENT_SCHEMAS).sort());
  });

  it('classes no field whose recorded value looks like a phone number, an IBAN or a masked account as a fact', () => {
    const misclassified = new Set<string>();
    for (const { type, data } of GOLDEN) {
      for (const [field, value] of Object.entries(data)) {
        const personal = stringsIn(value).some((text) => PERSONAL.some((pattern) => pattern.test(text)));
        if (personal && classesOf(type)?.[field] === 'fact') misclassified.add(`${type}.${field}`);
      }
    }
    expect([...misclassified]).toEqual([]);
  });

  it('classes every SMS body and everything a payer typed as payer data', () => {
    expect(EVENT_DATA_CLASSES.SmsReceived.body).toBe('payer');
    expect(EVENT_DATA_CLASSES.SmsParsed.payer).toBe('payer');
    expect(EVENT_DATA_CLASSES.SmsTemplateLearned.example).toBe('payer');
    expect(EVENT_DATA_CLASSES.PaymentLinkUsed.payerName).toBe('payer');
    expect(EVENT_DATA_CLASSES.PaymentLinkUsed.payerPhone).toBe('payer');
    expect(EVENT_DATA_CLASSES.PaymentIntentRegistered.senderSource).toBe('payer');
  });
});
