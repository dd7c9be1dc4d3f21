import { randomUUID } from 'node:crypto';
import { TENANT_CREDENTIAL_ROTATED, TENANT_REGISTERED, TENANT_UPDATED, TenantCredentialRotatedData, TenantRegisteredData, tenantStream } from '@pvs/contracts';
import { NO_STREAM } from '@pvs/event-store';
import { PostgresEventStore } from '@pvs/event-store/postgres';
import { PgliteClient } from '@pvs/sql/pglite';
import { issueCredential } from './credentials';
import { TenantDirectory } from './tenant-directory';

// Another process's changes, as this directory sees them: written through a store of its own, which signals
// nothing to the directory's, whose subscription would not look again for a minute.
describe('TenantDirectory: what another process changed counts at once', () => {
  let sql: PgliteClient;
  let directory: TenantDirectory;
  let otherProcess: PostgresEventStore;

  beforeAll(async () => {
    sql = await PgliteClient.open();
    const store = new PostgresEventStore(sql);
    await store.migrate();
    otherProcess = new PostgresEventStore(sql);
    directory = new TenantDirectory(store, store.signals, 60_000);
    await directory.start();
  });

  afterAll(async () => {
    await directory.stop();
    await sql.close();
  });

  const metadata = { correlationId: 'tenant-directory' };

  async function register(): Promise<{ tenantId: string; apiKey: string }> {
    const tenantId = randomUUID();
    const apiKey = issueCredential('pvs');
    const data: TenantRegisteredData = {
      tenantId,
      name: 'Elsewhere',
      webhookUrl: null,
      allowedSenders: null,
      receivingAccounts: null,
      balanceCheck: 'record',
      verificationPolicy: 'standard',
      alertWebhooks: [],
      raastQr: null,
      payerDataRetentionDays: 180,
      unpaidCycleLimit: 3,
      apiKey: apiKey.stored,
      gatewaySecret: issueCredential('pvsgw').stored,
      webhookSecret: { ciphertext: 'sealed' },
      registeredAt: new Date().toISOString(),
    };
    await otherProcess.append(tenantStream(tenantId), [{ type: TENANT_REGISTERED, data, metadata }], NO_STREAM);
    return { tenantId, apiKey: apiKey.plaintext };
  }

  it('knows a tenant registered elsewhere, by its key, at once', async () => {
    const { tenantId, apiKey } = await register();
    expect((await directory.authenticate('pvs', apiKey))?.id).toBe(tenantId);
  });

  it('refuses a key rotated elsewhere, and takes its replacement, at once', async () => {
    const { tenantId, apiKey } = await register();
    expect((await directory.authenticate('pvs', apiKey))?.id).toBe(tenantId);
    const replacement = issueCredential('pvs');
    const rotated: TenantCredentialRotatedData = {
      tenantId,
      credential: 'api_key',
      replacement: replacement.stored,
      previousKeyId: apiKey.split('_')[1],
      rotatedAt: new Date().toISOString(),
    };
    await otherProcess.append(tenantStream(tenantId), [{ type: TENANT_CREDENTIAL_ROTATED, data: rotated, metadata }], 1);
    expect(await directory.authenticate('pvs', apiKey)).toBeNull();
    expect((await directory.authenticate('pvs', replacement.plaintext))?.id).toBe(tenantId);
  });

  it('answers with a suspension made elsewhere at once', async () => {
    const { tenantId, apiKey } = await register();
    expect((await directory.authenticate('pvs', apiKey))?.status).toBe('active');
    await otherProcess.append(tenantStream(tenantId), [{ type: TENANT_UPDATED, data: { tenantId, changes: { status: 'suspended' }, previous: { status: 'active' }, updatedAt: new Date().toISOString() }, metadata }], 1);
    expect((await directory.authenticate('pvs', apiKey))?.status).toBe('suspended');
    expect((await directory.find(tenantId))?.status).toBe('suspended');
  });
});
