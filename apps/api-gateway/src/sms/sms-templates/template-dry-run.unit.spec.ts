import { LearnedTemplateDefinition, LearnedTemplateSet } from '@pvs/sms-parsers';
import { StoredSms, dryRun } from './template-dry-run';

const NEWBANK = 'Dear Customer, your A/C **4455 got PKR 640.00 from SANA IQBAL. Txn FT2633712345 on 03-12-2026.';
const JAZZCASH = 'Rs 75.00 received in your JazzCash Mobile Account:03444160241 via Raast. TID: 930000000001';
const EXTRACTED = 'PKR 12,500.00 has been received in your A/C **4455 from SANA IQBAL on 03-12-2026 14:05. Ref# FT2633712345.';
const TENANT = 'b2a4c1e0-58f4-4c3b-8a51-5d6f0e9c2a17';

const stored = (smsId: string, sender: string, body: string, state: StoredSms['state']): StoredSms => ({
  smsId,
  tenantId: TENANT,
  sender,
  body,
  receivedAt: null,
  recordedAt: new Date('2026-12-03T10:00:00Z'),
  state,
});
const candidate = (sender: string, gateway: LearnedTemplateDefinition['gateway'], pattern: string): LearnedTemplateDefinition => ({
  id: 'learned.0123456789ab',
  gateway,
  institution: null,
  sender,
  pattern,
  signature: 'received|got PKR',
});
const parsing = { allowedSenders: { bank: ['NEWBANK'], wallet_one: ['8558'] }, learned: new LearnedTemplateSet([]) };

describe('dryRun', () => {
  it('counts the rejected SMS of the sender it would read, and looks at no other sender and no SMS not parsed yet', () => {
    const run = dryRun(
      candidate('NEWBANK', 'bank', String.raw`^(?:Dear Customer, )?your A\/C \S+ got PKR (?<amount>[\d,.]+) from [A-Z ]+\. Txn (?<reference>FT\d+) on [\d-]+[.;]?$`),
      [stored('s1', 'NEWBANK', NEWBANK, 'rejected'), stored('s2', 'OTHERBANK', NEWBANK, 'rejected'), stored('s3', 'NEWBANK', NEWBANK, 'received')],
      () => parsing,
    );
    expect(run).toEqual({ scanned: 1, wouldRead: [{ smsId: 's1', tenantId: TENANT, body: NEWBANK, amountPaisa: 64_000, reference: 'FT2633712345' }], conflicts: [], upgrades: 0 });
  });

  it('names a parsed SMS it would read otherwise as a conflict', () => {
    // Another reference than the built-in template reads: the two disagree.
    const run = dryRun(candidate('8558', 'wallet_one', String.raw`^Rs (?<amount>[\d.]+) received in your JazzCash Mobile Account:\d+ via Raast\. TID: \d{6}(?<reference>\d{6})$`), [stored('s4', '8558', JAZZCASH, 'parsed')], () => parsing);
    expect(run.conflicts).toEqual([{ smsId: 's4', readBy: expect.stringMatching(/^wallet_one\./) }]);
  });

  it('counts a parsed SMS read by its words alone that it reads the same way as an upgrade, not a conflict', () => {
    const run = dryRun(
      candidate('NEWBANK', 'bank', String.raw`^PKR (?<amount>[\d,.]+) has been received in your A\/C (?<receivingAccount>\*\*\d+) from [A-Z ]+ on [\d-]+ [\d:]+\. Ref# (?<reference>FT\d+)[.;]?$`),
      [stored('s5', 'NEWBANK', EXTRACTED, 'parsed')],
      () => parsing,
    );
    expect(run).toMatchObject({ scanned: 1, conflicts: [], upgrades: 1 });
  });
});
