import { parseSms } from '../../parse-sms';
import { TEMPLATES } from '../../templates/registry';
import { CORPUS } from './corpus';

describe('corpus of realistic messages', () => {
  it('holds at least 200 messages and exercises every template and every rejection reason', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(200);
    const templateIds = new Set(CORPUS.flatMap((entry) => (entry.expected.ok ? [entry.expected.templateId] : [])));
    expect([...templateIds].sort()).toEqual(TEMPLATES.map((template) => template.id).sort());
    const reasons = new Set(CORPUS.flatMap((entry) => (entry.expected.ok ? [] : [entry.expected.reason])));
    expect([...reasons].sort()).toEqual(
      ['ambiguous', 'failed_transaction', 'malformed', 'not_a_credit', 'otp_or_promo', 'unrecognized_template', 'untrusted_sender'].sort(),
    );
  });

  it.each(CORPUS)('$name', ({ sender, body, receivedAt, expected }) => {
    expect(parseSms({ sender, body, receivedAt })).toStrictEqual(expected);
  });
});
