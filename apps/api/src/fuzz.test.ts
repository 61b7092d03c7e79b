import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import fc from 'fast-check';
import { z } from 'zod';
import { accessScopes, monthOf, snapshotSeedSchema } from '@saldopilot/shared';
import { TEST_TODAY, useTestApp } from './test/build-test-app.js';
import { anApiToken } from './test/bearer-client.js';
import { anEmployee, aSalary, aSalaryCost } from './test/factories.js';
import { fillPath, routesOf, WRITE_METHODS } from './test/routes.js';
import { signUp, type SignedInUser } from './test/test-client.js';

const app = useTestApp();

/**
 * The outside probe's method, kept as a test: malformed bodies and ids against every route that
 * takes a body or an id, present and future (read from the route tree and the OpenAPI document).
 * Whatever comes in, the answer is a 4xx — a 5xx means some input reached a place that cannot hold
 * it (an id beyond the column, a NUL byte, a number beyond the exact range).
 */

const NASTY_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  -0.000001,
  2147483648,
  -2147483649,
  2 ** 53,
  -(2 ** 53),
  1e308,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x'.repeat(5000),
  '1e3',
  '0x10',
  '-0',
  '2026-02-30',
  '9999-12-31',
  '0000-01-01',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '😀'.repeat(60),
  [],
  [1, 2],
  [null],
  {},
  { nested: { deeper: [1, { x: 'y' }] } },
];

const NASTY_IDS = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1e3',
  '0x10',
  '+3',
  '00003',
  '1.5',
  'abc',
  '%00',
  '%F0%9F%98%80',
  '1%20',
  'NaN',
];

const NASTY_BODIES: (string | undefined)[] = [
  undefined,
  '',
  'null',
  '[]',
  '"text"',
  '42',
  '{',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  JSON.stringify(Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i]))),
  '['.repeat(5000) + ']'.repeat(5000),
];

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  maxItems?: number;
}

/** A value of the right kind for a field, so that one nasty field at a time is what is tested. */
function plausible(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'Test';
  if (schema.enum?.length) return schema.enum[0];
  const alternative = schema.anyOf?.find((option) => option.type !== 'null');
  if (alternative) return plausible(alternative);
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(schema.items)];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, plausible(value)]));
    default:
      return 'Test';
  }
}

interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/**
 * The development routes are hidden from the OpenAPI document, so a body of theirs is read from the
 * schema it is validated with: its fields are fuzzed like every documented route's.
 */
const HIDDEN_OPERATIONS: Record<string, Operation> = {
  // docs/plan-actual.md "Accuracy per horizon": the test helper that seeds a snapshot.
  'POST /api/dev/forecast-snapshots': {
    requestBody: {
      content: { 'application/json': { schema: z.toJSONSchema(snapshotSeedSchema, { io: 'input' }) as JsonSchema } },
    },
  },
};

function operationOf(document: OpenApi, method: string, path: string): Operation | undefined {
  return (
    document.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()] ?? HIDDEN_OPERATIONS[`${method} ${path}`]
  );
}

/** Percent-encodes a query value; a lone surrogate goes as the bytes a broken client would send. */
function queryValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** Every request of the run for one route: nasty ids in each path parameter and query value, then nasty bodies. */
function requestsFor(method: string, path: string, operation: Operation | undefined) {
  const requests: { url: string; payload?: string }[] = [];
  const body = operation?.requestBody?.content?.['application/json']?.schema;
  const queryNames = (operation?.parameters ?? [])
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => parameter.name);
  for (const name of queryNames) {
    for (const value of [...NASTY_IDS, ...NASTY_VALUES.filter((v) => typeof v === 'string')]) {
      requests.push({ url: `${fillPath(path, {})}?${name}=${queryValue(String(value))}` });
    }
  }
  const base = plausible(body) as Record<string, unknown> | undefined;
  const params = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const validBody = body ? JSON.stringify(base) : undefined;
  for (const param of params) {
    for (const id of NASTY_IDS) requests.push({ url: fillPath(path, { [param]: id }), payload: validBody });
  }
  if (!WRITE_METHODS.has(method)) return requests;
  const url = fillPath(path, {});
  for (const payload of NASTY_BODIES) requests.push({ url, payload });
  for (const field of Object.keys(body?.properties ?? {})) {
    for (const value of NASTY_VALUES) {
      // With the other fields valid (reaches the deeper checks) and alone (a partial update).
      requests.push({ url, payload: JSON.stringify({ ...base, [field]: value }) });
      requests.push({ url, payload: JSON.stringify({ [field]: value }) });
    }
  }
  requests.push({ url, payload: JSON.stringify({ ...base, unknownField: 'x' }) });
  return requests;
}

/** The status of a stream's answer (and its error body, if it is one); an open stream is closed at once. */
async function streamStatus(owner: SignedInUser, url: string): Promise<{ statusCode: number; body: string }> {
  const response = await owner.send({ method: 'GET', url, payloadAsStream: true });
  const stream = response.stream();
  if (response.statusCode < 300) {
    stream.destroy();
    return { statusCode: response.statusCode, body: '' };
  }
  let body = '';
  for await (const chunk of stream) body += String(chunk);
  return { statusCode: response.statusCode, body };
}

/** One request of the run, its payload (if any) as JSON. */
function sendAs(owner: SignedInUser, method: string, request: { url: string; payload?: string }) {
  return owner.send({
    method: method as 'POST',
    url: request.url,
    ...(request.payload === undefined
      ? {}
      : { payload: request.payload, headers: { 'content-type': 'application/json' } }),
  });
}

/** Routes the run leaves out: ending the session would turn the rest of the run into 401s. */
const LEFT_OUT = new Set(['GET /api/auth/logout']);

/**
 * Routes whose answer is a stream that never ends (docs/realtime.md): the run reads their status and
 * headers, then closes them, as a browser leaving the page would.
 */
const STREAMS = new Set(['GET /api/events']);

/** Values a field's name calls for where its schema says only "string" (a month of the forecast horizon, a due date). */
const SAMPLES: Record<string, unknown> = { month: monthOf(TEST_TODAY), dueDate: TEST_TODAY };

/**
 * The `index`th of many distinct valid-looking items of a list: integers (ids) count up from 1,
 * enums take turns, objects carry their required fields only (the optional ones may exclude each other).
 */
function distinctItem(schema: JsonSchema | undefined, index: number): unknown {
  if (schema?.enum?.length) return schema.enum[index % schema.enum.length];
  const type = Array.isArray(schema?.type) ? schema.type.find((name) => name !== 'null') : schema?.type;
  if (type === 'integer' || type === 'number') return index + 1;
  if (type === 'object') {
    const required = new Set(schema?.required ?? []);
    return Object.fromEntries(
      Object.entries(schema?.properties ?? {})
        .filter(([key]) => required.has(key))
        .map(([key, value]) => [key, key in SAMPLES ? SAMPLES[key] : distinctItem(value, index)]),
    );
  }
  if (type === 'string') return `${plausible(schema)}${index}`;
  return plausible(schema);
}

/** The required fields of a body with plausible values: what a list is sent with. */
function requiredOf(body: JsonSchema | undefined): Record<string, unknown> {
  const required = new Set(body?.required ?? []);
  return Object.fromEntries(
    Object.entries(body?.properties ?? {})
      .filter(([key]) => required.has(key))
      .map(([key, value]) => [key, key in SAMPLES ? SAMPLES[key] : plausible(value)]),
  );
}

interface ListRequest {
  /** The list field (body property or query parameter) as validation names it. */
  field: string;
  count: number;
  overLimit: boolean;
  url: string;
  payload?: string;
}

/** Every list a route takes (body properties and repeated query values with maxItems): at the limit and one above. */
function listRequestsFor(path: string, operation: Operation | undefined, ids: Record<string, number>): ListRequest[] {
  const requests: ListRequest[] = [];
  const url = fillPath(path, ids);
  const body = operation?.requestBody?.content?.['application/json']?.schema;
  for (const [field, schema] of Object.entries(body?.properties ?? {})) {
    if (schema.type !== 'array' || schema.maxItems === undefined) continue;
    for (const count of [schema.maxItems, schema.maxItems + 1]) {
      const list = Array.from({ length: count }, (_, index) => distinctItem(schema.items, index));
      const payload = JSON.stringify({ ...requiredOf(body), [field]: list });
      requests.push({ field, count, overLimit: count > schema.maxItems, url, payload });
    }
  }
  for (const parameter of operation?.parameters ?? []) {
    const schema = parameter.schema;
    if (parameter.in !== 'query' || schema?.type !== 'array' || schema.maxItems === undefined) continue;
    for (const count of [schema.maxItems, schema.maxItems + 1]) {
      const values = Array.from({ length: count }, (_, index) => `revenue:K${index}`);
      const query = values.map((value) => `${parameter.name}=${encodeURIComponent(value)}`).join('&');
      requests.push({ field: parameter.name, count, overLimit: count > schema.maxItems, url: `${url}?${query}` });
    }
  }
  return requests;
}

const camtFixture = readFileSync(new URL('./modules/bank-statements/fixtures/camt053-001-08.xml', import.meta.url));
const csvFixture = readFileSync(new URL('./modules/bank-statements/fixtures/csv-layout-a.csv', import.meta.url));
const zipFixture = readFileSync(new URL('./modules/bank-statements/fixtures/statements-001-04.zip', import.meta.url));
const bytesOf = (text: string) => Buffer.from(text, 'utf8');

/**
 * Hostile files for the routes that take a file as their raw body: cut-off and bit-flipped real
 * files, entity bombs, zip bombs and broken zips, deep nesting, broken encodings, random bytes.
 */
function hostileFiles(): Buffer[] {
  const files: Buffer[] = [
    Buffer.alloc(0),
    bytesOf('\ufeff'),
    bytesOf('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "c"><!ENTITY d "&b;&b;&b;">]><Document>&d;</Document>'),
    bytesOf('<!DOCTYPE a SYSTEM "file:///etc/passwd"><Document/>'),
    bytesOf('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">&xxe;</Document>'),
    bytesOf('<a>'.repeat(10_000)),
    bytesOf(
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="CHF">1e400</Amt></Ntry></Stmt></BkToCstmrStmt></Document>',
    ),
    bytesOf(
      `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="CHF">${'9'.repeat(400)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>9999-99-99</Dt></BookgDt></Ntry></Stmt></BkToCstmrStmt></Document>`,
    ),
    Buffer.from([0x3c, 0xff, 0xfe, 0x00, 0xc3, 0x28]),
    bytesOf(`Datum;Betrag\n${'01.01.2026;1\n'.repeat(2)}${'x;'.repeat(50_000)}\n`),
    bytesOf('Datum;Betrag\n"unterminated;1\n'),
    Buffer.from(zipSync({ 'bomb.xml': new Uint8Array(60 * 1024 * 1024) }, { level: 9 })),
    Buffer.from(zipSync({ 'a.xml': new Uint8Array(camtFixture) })).subarray(0, 700),
    Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 0xff)]),
    // Valid files, whole (docs/bank-statements.md "Safe parsing": the file mode sends valid,
    // truncated, hostile and random ones).
    camtFixture,
    csvFixture,
    zipFixture,
    Buffer.from(zipSync({ 'a.xml': new Uint8Array(camtFixture), 'b.csv': new Uint8Array(csvFixture) })),
    // The probe's freezing zip: ~50 KB holding ~49 MB of `<a/>` (docs/bank-statements.md "Safe parsing").
    Buffer.from(zipSync({ 'a.xml': bytesOf(`<a>${'<a/>'.repeat(12_800_000)}</a>`) }, { level: 9 })),
    Buffer.from(zipSync({ 'inner.zip': new Uint8Array(zipFixture) })),
    // QR-bills (docs/qr-bills.md "Files"): a PDF whose open action runs JavaScript and opens an
    // address, a PDF that is only a header, a PNG and a JPEG claiming 10^10 pixels.
    bytesOf(
      '%PDF-1.7\n1 0 obj<</Type/Catalog/Pages 2 0 R/OpenAction<</S/JavaScript/JS(app.launchURL("http://127.0.0.1:1/"))>>/AA<</O<</S/URI/URI(http://127.0.0.1:1/)>>>>>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    ),
    bytesOf('%PDF-1.7\n'),
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
      Buffer.from([0, 1, 0x86, 0xa0, 0, 1, 0x86, 0xa0, 8, 6, 0, 0, 0]),
    ]),
    Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0xff, 0xff, 0xff, 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
  ];
  for (const cut of [30, 400, zipFixture.length - 20]) files.push(zipFixture.subarray(0, cut));
  // Random zips: members named as statements, holding random bytes or cut real files.
  const members = fc.sample(
    fc.array(
      fc.tuple(
        fc.constantFrom('a.xml', 'b.csv', 'c.txt', 'dir/d.xml', '__MACOSX/e.xml'),
        fc.oneof(
          fc.uint8Array({ maxLength: 2000 }),
          fc.nat({ max: camtFixture.length }).map((cut) => camtFixture.subarray(0, cut)),
        ),
      ),
      { minLength: 1, maxLength: 4 },
    ),
    { seed: 42, numRuns: 8 },
  );
  for (const entries of members) {
    files.push(Buffer.from(zipSync(Object.fromEntries(entries.map(([name, bytes]) => [name, new Uint8Array(bytes)])))));
  }
  for (const cut of [1, 100, 1000, 2500, camtFixture.length - 10]) files.push(camtFixture.subarray(0, cut));
  for (const cut of [10, 200, csvFixture.length - 5]) files.push(csvFixture.subarray(0, cut));
  // Random bytes, and the real files with random bytes overwritten (same seed every run).
  const random = fc.sample(fc.uint8Array({ minLength: 1, maxLength: 4000 }), { seed: 31, numRuns: 15 });
  for (const bytes of random) files.push(Buffer.from(bytes));
  const flips = fc.sample(
    fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 20 }),
    {
      seed: 53,
      numRuns: 15,
    },
  );
  for (const [index, changes] of flips.entries()) {
    const copy = Buffer.from(index % 2 === 0 ? camtFixture : csvFixture);
    for (const [at, value] of changes) copy[at % copy.length] = value;
    files.push(copy);
  }
  return files;
}

describe('malformed input never reaches a 5xx', () => {
  it('answers hostile files on every route that takes a file as its body with a 4xx or a success', async () => {
    const owner = await signUp(app);
    const document = (await owner.get('/api/docs')).json<OpenApi>();
    const fileRoutes = routesOf(app).filter((route) => {
      const [method = '', path = ''] = route.split(' ');
      const content = operationOf(document, method, path)?.requestBody?.content ?? {};
      return Object.keys(content).some((type) => type !== 'application/json');
    });
    expect(fileRoutes).toEqual(
      expect.arrayContaining([
        'POST /api/bank-statements/preview',
        'POST /api/bank-statements',
        'POST /api/qr-bills/read',
      ]),
    );
    const failures: string[] = [];
    let sent = 0;
    const files = hostileFiles();
    for (const route of fileRoutes) {
      const [method = '', path = ''] = route.split(' ');
      const operation = operationOf(document, method, path);
      const types = Object.keys(operation?.requestBody?.content ?? {});
      // The choices of a route that has them; a route without a query (QR-bills) once per file and type.
      const queries = (operation?.parameters ?? []).some((parameter) => parameter.in === 'query')
        ? ['', '?bankAccountId=1', '?assign=0:new,1:1']
        : [''];
      for (const [index, payload] of files.entries()) {
        for (const type of types) {
          // `assign` creates accounts from statements (docs/bank-statements.md "Accounts"): hostile
          // files must create none either.
          for (const query of queries) {
            const response = await owner.send({
              method: method as 'POST',
              url: `${fillPath(path, {})}${query}`,
              payload,
              headers: { 'content-type': type },
            });
            sent += 1;
            if (response.statusCode >= 500) failures.push(`${route} file ${index} as ${type} -> ${response.body}`);
          }
        }
      }
    }
    console.info(`fuzz run: ${sent} hostile files, ${failures.length} × 5xx`);
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers every fuzzed body and id of every route with a 4xx or a success', async () => {
    const owner = await signUp(app);
    const document = (await owner.get('/api/docs')).json<OpenApi>();
    const failures: string[] = [];
    let sent = 0;
    for (const route of routesOf(app)) {
      const [method = '', path = ''] = route.split(' ');
      if (method === 'HEAD' || LEFT_OUT.has(route)) continue;
      for (const request of requestsFor(method, path, operationOf(document, method, path))) {
        const response = STREAMS.has(route)
          ? await streamStatus(owner, request.url)
          : await sendAs(owner, method, request);
        sent += 1;
        if (response.statusCode >= 500) {
          failures.push(
            `${method} ${request.url} ${request.payload?.slice(0, 120)} -> ${response.statusCode} ${response.body}`,
          );
        }
      }
    }
    // The figure the outside probe reported, printed with every run.
    console.info(`fuzz run: ${sent} malformed requests, ${failures.length} × 5xx`);
    expect(failures).toEqual([]);
    // The run is meant to be big: a few thousand requests over every route.
    expect(sent).toBeGreaterThan(2000);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 300_000);

  it('answers every list at its request limit without a 5xx, and one item more with a 400 naming the list', async () => {
    const owner = await signUp(app);
    const document = (await owner.get('/api/docs')).json<OpenApi>();
    // The owner's own rows in the path, so the lists reach the handlers (and their statements).
    const salary = await aSalary(owner, (await anEmployee(owner)).id);
    const cost = await aSalaryCost(owner, salary.id);
    const ids = { salaryId: salary.id, costId: cost.id };
    const failures: string[] = [];
    const lists = new Set<string>();
    for (const route of routesOf(app)) {
      const [method = '', path = ''] = route.split(' ');
      if (method === 'HEAD' || LEFT_OUT.has(route)) continue;
      // Per list: the message of one item too many, which the list at its limit must not get.
      const tooMany = new Map<string, string | undefined>();
      const requests = listRequestsFor(path, operationOf(document, method, path), ids);
      for (const request of [...requests].sort((a, b) => Number(b.overLimit) - Number(a.overLimit))) {
        lists.add(`${method} ${path} ${request.field}`);
        const response = await sendAs(owner, method, request);
        const fields = response.statusCode === 400 ? response.json<{ fields?: Record<string, string> }>().fields : {};
        const message = fields?.[request.field];
        if (request.overLimit) tooMany.set(request.field, message);
        const expected = request.overLimit
          ? response.statusCode === 400 && message !== undefined
          : response.statusCode < 500 && (message === undefined || message !== tooMany.get(request.field));
        if (!expected) {
          failures.push(
            `${method} ${path} ${request.field} × ${request.count} -> ${response.statusCode} ${response.body.slice(0, 300)}`,
          );
        }
      }
    }
    console.info(`fuzz run: ${lists.size} lists at and above their limits, ${failures.length} unexpected answers`);
    expect(failures).toEqual([]);
    // Every list endpoint of today is among them (the run finds future ones by itself).
    expect([...lists].sort()).toEqual(
      expect.arrayContaining([
        'POST /api/transactions/bulk ids',
        'POST /api/occurrence-dismissals/bulk-restore dismissalIds',
        'POST /api/employees/salaries/:salaryId/costs baseSalaryCostIDs',
        'POST /api/employees/salaries/:salaryId/costs/copy ids',
        'POST /api/employees/salaries/:salaryId/costs/presets items',
        'PATCH /api/employees/salaries/costs/:costId baseSalaryCostIDs',
        'PUT /api/forecasts/exclude updates',
        'GET /api/forecasts/details expand',
        'POST /api/bank-entries/:id/match occurrences',
        'POST /api/recurring-suggestions/accept items',
        'POST /api/recurring-suggestions/dismiss items',
        'POST /api/dev/forecast-snapshots months',
      ]),
    );
  }, 300_000);

  it('answers hostile MCP messages and every tool with hostile arguments, through a token, without a 5xx', async () => {
    const owner = await signUp(app);
    const { secret } = await anApiToken(owner, [...accessScopes]);
    let id = 0;
    const post = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/api/mcp',
        headers: {
          authorization: `Bearer ${secret}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        payload,
      });
    const call = (method: string, params: unknown) =>
      post(JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }));
    const listed = await call('tools/list', {});
    const tools = listed.json<{ result: { tools: { name: string; inputSchema: { properties?: object } }[] } }>().result
      .tools;
    expect(tools.length).toBeGreaterThan(20);
    const failures: string[] = [];
    let sent = 0;
    const check = (what: string, response: { statusCode: number; body: string }) => {
      sent += 1;
      if (response.statusCode >= 500) failures.push(`${what} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
    };
    // Broken messages: not JSON-RPC, unknown methods, wrong ids, batches.
    for (const message of [
      '{}',
      '[]',
      'null',
      '{"jsonrpc":"1.0"}',
      '{"jsonrpc":"2.0","method":7}',
      '[{"jsonrpc":"2.0"}]',
    ]) {
      check(message, await post(message));
    }
    for (const params of NASTY_VALUES)
      check(`tools/call ${String(params).slice(0, 20)}`, await call('tools/call', params));
    // Every tool: each argument hostile in turn, and the arguments as a whole.
    for (const tool of tools) {
      for (const value of NASTY_VALUES)
        check(`${tool.name} arguments`, await call('tools/call', { name: tool.name, arguments: value }));
      for (const property of Object.keys(tool.inputSchema.properties ?? {})) {
        for (const value of NASTY_VALUES) {
          const response = await call('tools/call', { name: tool.name, arguments: { [property]: value } });
          check(`${tool.name} ${property}=${JSON.stringify(value)?.slice(0, 30)}`, response);
          if (response.body.includes('"code":-32603')) failures.push(`${tool.name} ${property}: internal error`);
        }
      }
    }
    console.info(`fuzz run (MCP): ${sent} hostile messages, ${failures.length} × 5xx or internal error`);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  }, 300_000);
});
