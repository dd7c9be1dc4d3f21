import { TestService, startTestService } from '@pvs/embedded/testing';

describe('GET /admin/tenants, a page at a time', () => {
  let service: TestService;
  let created: string[];

  beforeAll(async () => {
    service = await startTestService();
    created = [];
    for (let shop = 1; shop <= 5; shop++) created.push((await service.createTenant({ name: `Shop ${shop}` })).id);
  });

  afterAll(() => service.close());

  const list = (query: string) => service.admin('GET', `/admin/tenants${query}`);

  it('pages through every tenant, oldest first, each once, following the last id of each page', async () => {
    const pages: string[][] = [];
    let after = '';
    for (;;) {
      const response = await list(`?limit=2${after && `&after=${after}`}`);
      expect(response.status).toBe(200);
      const ids: string[] = response.body.data.map((tenant: { id: string }) => tenant.id);
      if (ids.length === 0) break;
      pages.push(ids);
      after = ids[ids.length - 1];
    }
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(created);
  });

  it('answers every tenant up to the default page size when no limit is given', async () => {
    const response = await list('');
    expect(response.body.data.map((tenant: { id: string }) => tenant.id)).toEqual(created);
  });

  it('keeps a page in place when a tenant is created meanwhile: it comes last', async () => {
    const firstPage = (await list('?limit=3')).body.data.map((tenant: { id: string }) => tenant.id);
    const newest = await service.createTenant({ name: 'Shop 6' });
    const rest = (await list(`?limit=1000&after=${firstPage[2]}`)).body.data.map((tenant: { id: string }) => tenant.id);
    expect([...firstPage, ...rest]).toEqual([...created, newest.id]);
  });

  it.each([
    ['a limit above the maximum', '?limit=1001', 'limit must be 1 to 1000'],
    ['a limit of 0', '?limit=0', 'limit must be 1 to 1000'],
    ['a limit that is no number', '?limit=ten', 'limit must be 1 to 1000'],
    ['an after that is no id', '?after=Shop%201', 'after must be a UUID'],
  ])('refuses %s with 422', async (_, query, message) => {
    const response = await list(query);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ success: false, message });
  });

  it('answers 404 when after names no tenant, as tenant_id filters do', async () => {
    const response = await list('?after=00000000-0000-4000-8000-000000000000');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: 'Tenant not found (after)' });
  });
});
