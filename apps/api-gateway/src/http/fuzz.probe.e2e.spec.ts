import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { Schema, SchemaContext, TestService, TestTenant, WireBody, startTestService, valuesOf, wireBodies } from '@pvs/embedded/testing';
import { EVENT_STORE, EventStore, RecordedEvent } from '@pvs/event-store';

/** How many generated requests the suite sends: every endpoint of the document, valid and mutated. */
const REQUESTS = 3_000;
/** Merchants the requests are spread over, so that per-tenant rate limits seldom answer before validation does. */
const TENANTS = 12;

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly credential: string | undefined;
  readonly parameters: readonly Schema[];
  readonly body: Schema | undefined;
}

interface FuzzRequest {
  readonly operation: Operation;
  readonly url: string;
  readonly credentialHeaders: Record<string, string>;
  readonly body: WireBody | undefined;
}

interface Outcome {
  readonly requestId: string;
  readonly name: string;
  readonly mutation: string;
  readonly status: number;
  readonly message: string | undefined;
}

/** Path and query values a client could send that no schema allows: raw, not percent-encoded. */
const GARBAGE = ['not-a-uuid', '%00', '..', '%ZZ', 'x'.repeat(300), '%D8%A8', '%2F', '-1', '1e9', '', '[]', '{}'];

describe('fuzzing every endpoint from its OpenAPI schema', () => {
  let service: TestService;
  let tenants: TestTenant[];
  let sacrificialTenant: string;
  let knownPayment: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let document: Record<string, any>;

  beforeAll(async () => {
    service = await startTestService({ smsDecisionWaitMs: 100, webhookRetryScheduleSeconds: [0], webhookTimeoutMs: 200 });
    document = (await (await fetch(`${new URL(service.baseUrl).origin}/api/v1/openapi.json`)).json()) as typeof document;
    tenants = await Promise.all(Array.from({ length: TENANTS }, (_, index) => service.createTenant({ name: `Fuzz merchant ${index}` })));
    sacrificialTenant = (await service.createTenant({ name: 'Changed by the fuzzer' })).id;
    const registered = await service.request('POST', '/payments/verify', {
      body: { gateway: 'wallet_one', transaction_reference: 'FUZZKNOWN1', amount: 100 },
      headers: { 'x-api-key': tenants[0].apiKey },
    });
    knownPayment = registered.body.data.uuid;
  }, 60_000);

  afterAll(() => service?.close());

  function operations(): Operation[] {
    return Object.entries(document.paths as Record<string, Record<string, Schema>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        credential: ((operation.security ?? []) as Record<string, unknown>[]).flatMap((scheme) => Object.keys(scheme))[0],
        parameters: (operation.parameters ?? []) as Schema[],
        body: operation.requestBody?.content?.['application/json']?.schema as Schema | undefined,
      })),
    );
  }

  function credentialHeaders(scheme: string | undefined, tenant: TestTenant): fc.Arbitrary<Record<string, string>> {
    const right: Record<string, Record<string, string>> = {
      apiKey: { 'x-api-key': tenant.apiKey },
      gatewaySecret: { 'x-gateway-secret': tenant.gatewaySecret },
      gatewaySecretBasic: { authorization: `Basic ${Buffer.from(`forwarder:${tenant.gatewaySecret}`).toString('base64')}` },
      adminToken: { authorization: `Bearer ${service.adminToken}` },
    };
    const wrong = fc.constantFrom<Record<string, string>>({}, { 'x-api-key': 'pvs_wrong' }, { authorization: 'Bearer ' }, { authorization: 'Basic %%%' }, { 'x-gateway-secret': '' });
    return fc.oneof({ weight: 9, arbitrary: fc.constant(scheme ? right[scheme] : {}) }, { weight: 1, arbitrary: wrong });
  }

  function parameterValue(parameter: Schema, context: SchemaContext): fc.Arbitrary<string> {
    if (parameter.name === 'wait_ms') return fc.constant('0'); // a long poll would only make the run slower
    const known = parameter.name === 'uuid' ? [knownPayment] : parameter.name === 'id' ? [sacrificialTenant] : [];
    return fc.oneof(
      { weight: 6, arbitrary: valuesOf(parameter.schema ?? {}, context).map((value) => encodeURIComponent(String(value))) },
      { weight: known.length > 0 ? 3 : 0, arbitrary: fc.constantFrom(...known, 'unused') },
      { weight: 2, arbitrary: fc.constantFrom(...GARBAGE) },
    );
  }

  function requests(): fc.Arbitrary<FuzzRequest> {
    const context: SchemaContext = { schemas: document.components.schemas };
    // Bodies are where most can go wrong: an operation that takes one is drawn three times as often.
    const weighted = operations().map((operation) => ({ weight: operation.body ? 3 : 1, arbitrary: fc.constant(operation) }));
    return fc.oneof(...weighted).chain((operation) => {
      const inPath = operation.parameters.filter((parameter) => parameter.in === 'path');
      const inQuery = operation.parameters.filter((parameter) => parameter.in === 'query');
      const body = operation.body ? valuesOf(operation.body, context).chain(wireBodies).map((wire): WireBody | undefined => wire) : fc.constant(undefined);
      return fc.record({
        operation: fc.constant(operation),
        pathValues: fc.tuple(...inPath.map((parameter) => parameterValue(parameter, context))),
        query: fc.tuple(...inQuery.map((parameter) => fc.option(parameterValue(parameter, context).map((value) => `${parameter.name}=${value}`)))),
        credentialHeaders: fc.nat(TENANTS - 1).chain((index) => credentialHeaders(operation.credential, tenants[index])),
        body: operation.method === 'GET' ? fc.constant(undefined) : body,
      }).map(({ pathValues, query, ...rest }) => {
        let path = operation.path;
        inPath.forEach((parameter, index) => (path = path.replace(`{${parameter.name}}`, pathValues[index])));
        const search = query.filter((pair): pair is string => pair !== null).join('&');
        return { ...rest, url: `${service.baseUrl}${path}${search ? `?${search}` : ''}` };
      });
    });
  }

  async function send(request: FuzzRequest): Promise<Outcome> {
    const requestId = randomUUID();
    const { operation, body } = request;
    const headers: Record<string, string> = { ...request.credentialHeaders, 'x-request-id': requestId };
    if (body?.contentType) headers['content-type'] = body.contentType;
    const response = await fetch(request.url, { method: operation.method, headers, body: body?.bytes });
    const text = await response.text();
    const name = `${operation.method} ${operation.path}`;
    const outcome = { requestId, name, mutation: body?.mutation ?? 'no body', status: response.status };
    if (response.status < 400) return { ...outcome, message: undefined };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    const where = `${name} (${outcome.mutation}) → ${response.status} ${text.slice(0, 300)}`;
    expect({ where, body: parsed }).toEqual({ where, body: { success: false, message: expect.stringMatching(/\S/) } });
    return { ...outcome, message: (parsed as { message: string }).message };
  }

  async function everyEvent(): Promise<RecordedEvent[]> {
    const store = service.app.get<EventStore>(EVENT_STORE);
    const events: RecordedEvent[] = [];
    for (let page = await store.readAll({ limit: 1_000 }); page.length > 0; page = await store.readAll({ after: page[page.length - 1].checkpoint, limit: 1_000 })) {
      events.push(...page);
    }
    return events;
  }

  it(`answers ${REQUESTS} generated requests without a 5xx, every refusal in our envelope, and records nothing for a refused request`, async () => {
    const outcomes: Outcome[] = [];
    await fc.assert(
      fc.asyncProperty(requests(), async (request) => {
        const outcome = await send(request);
        outcomes.push(outcome);
        expect({ request: `${outcome.name} (${outcome.mutation})`, status: outcome.status < 500 }).toEqual({ request: `${outcome.name} (${outcome.mutation})`, status: true });
      }),
      { numRuns: REQUESTS, endOnFailure: true },
    );

    // Refused is refused: no event carries the id of a request answered 4xx, but for the SMS that ingest records as
    // not a payment (its answer says so).
    const correlated = new Set((await everyEvent()).map((event) => event.metadata.correlationId));
    const refusedYetRecorded = outcomes.filter((outcome) => outcome.status >= 400 && !outcome.message?.endsWith('it was recorded') && correlated.has(outcome.requestId));
    expect(refusedYetRecorded).toEqual([]);

    const byStatus = new Map<number, number>();
    for (const { status } of outcomes) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    const mutations = new Map<string, number>();
    for (const { mutation } of outcomes) mutations.set(mutation, (mutations.get(mutation) ?? 0) + 1);
    const endpoints = new Set(outcomes.map((outcome) => outcome.name)).size;
    console.log(`Fuzz: ${outcomes.length} requests to ${endpoints} endpoints, 0 answers of 5xx; by status ${JSON.stringify(Object.fromEntries([...byStatus].sort()))}; by mutation ${JSON.stringify(Object.fromEntries(mutations))}`);
    expect(outcomes).toHaveLength(REQUESTS);
    expect(endpoints).toBe(operations().length);
  }, 600_000);
});
