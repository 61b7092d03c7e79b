import { describe, expect, it, vi } from 'vitest';
import { TAB_ID_HEADER } from '@saldopilot/shared';
import { ApiError, createApiClient, fileNameOf, RETRY_STATUSES, tabId } from './api-client';

type Call = { url: string; init: RequestInit };

/** A fetch that answers the given responses in order and records the calls. */
function fakeFetch(...responses: (Response | Error)[]) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const headerOf = (call: Call | undefined, name: string) => (call?.init.headers as Record<string, string>)[name];

describe('api client', () => {
  it('sends JSON with the same-origin cookies and answers the parsed body', async () => {
    const { fetch, calls } = fakeFetch(json(200, { id: 1 }));
    const api = createApiClient({ fetch });
    await expect(api.post('/api/things', { name: 'A' }, { query: { page: 1, skip: undefined } })).resolves.toEqual({
      id: 1,
    });
    expect(calls[0]?.url).toBe('/api/things?page=1');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.credentials).toBe('same-origin');
    expect(calls[0]?.init.body).toBe('{"name":"A"}');
    expect(headerOf(calls[0], 'Content-Type')).toBe('application/json');
    expect(headerOf(calls[0], 'Accept')).toBe('application/json');
  });

  it("sends the tab's id with every request, reads, writes and downloads alike", async () => {
    const { fetch, calls } = fakeFetch(json(200, {}), json(200, {}), new Response('x', { status: 200 }));
    const api = createApiClient({ fetch, tabId: 'tab-0001' });
    await api.get('/api/things');
    await api.patch('/api/things/1', { name: 'B' });
    await api.download('/api/things/export');
    expect(calls.map((call) => headerOf(call, TAB_ID_HEADER))).toEqual(['tab-0001', 'tab-0001', 'tab-0001']);
    // The app's own id fits the stream's `?tab=` rule, so the stream and the requests name one tab.
    expect(tabId).toMatch(/^[A-Za-z0-9-]{8,64}$/);
  });

  it('posts a file as the raw body with its own content type, the same bytes again on a retry', async () => {
    const { fetch, calls } = fakeFetch(json(503, {}), json(200, { imported: 2 }));
    const api = createApiClient({ fetch });
    const file = new Blob(['<Document/>'], { type: 'text/xml' });
    await expect(
      api.postFile('/api/bank-statements', file, 'application/xml', { query: { bankAccountId: 4 } }),
    ).resolves.toEqual({ imported: 2 });
    expect(calls).toHaveLength(2);
    expect(calls[0]?.url).toBe('/api/bank-statements?bankAccountId=4');
    expect(calls[1]?.init.body).toBe(file);
    expect(headerOf(calls[1], 'Content-Type')).toBe('application/xml');
    expect(headerOf(calls[1], 'Idempotency-Key')).toBe(headerOf(calls[0], 'Idempotency-Key'));
  });

  it('repeats the key of a list in the query, and sends an empty list as one empty value', async () => {
    const { fetch, calls } = fakeFetch(json(200, []), json(200, []));
    const api = createApiClient({ fetch });
    await api.get('/api/things', { query: { expand: ['expense:Löhne', 'revenue:A, B'] } });
    await api.get('/api/things', { query: { expand: [] } });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/things?expand=expense%3AL%C3%B6hne&expand=revenue%3AA%2C+B',
      '/api/things?expand=',
    ]);
  });

  it('downloads a file with the name Content-Disposition gives; a failure is an ApiError and may end the session', async () => {
    const file = new Response('a;b\r\n', {
      status: 200,
      headers: {
        'content-disposition': `attachment; filename="Prognose-Mueller-AG.csv"; filename*=UTF-8''Prognose-M%C3%BCller-AG.csv`,
      },
    });
    const logout = vi.fn();
    const { fetch, calls } = fakeFetch(
      file,
      json(401, { error: 'Sitzung abgelaufen', code: 'UNAUTHORIZED', logout: true }),
    );
    const api = createApiClient({ fetch, onLogout: logout });
    const downloaded = await api.download('/api/forecasts/export', { query: { format: 'csv' } });
    expect(downloaded.fileName).toBe('Prognose-Müller-AG.csv');
    expect(await downloaded.blob.text()).toBe('a;b\r\n');
    expect(calls[0]?.url).toBe('/api/forecasts/export?format=csv');
    await expect(api.download('/api/forecasts/export')).rejects.toMatchObject({
      status: 401,
      message: 'Sitzung abgelaufen',
    });
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it.each([
    [null, undefined],
    ['attachment; filename="a.xlsx"', 'a.xlsx'],
    ['attachment; filename=a.csv', 'a.csv'],
    ['attachment; filename="x.csv"; filename*=UTF-8\'\'%E0%A4%A', 'x.csv'],
  ])('reads the file name of %j', (header, name) => {
    expect(fileNameOf(header)).toBe(name);
  });

  it('answers undefined for 204', async () => {
    const { fetch } = fakeFetch(new Response(null, { status: 204 }));
    await expect(createApiClient({ fetch }).get('/api/access-token')).resolves.toBeUndefined();
  });

  it.each([...RETRY_STATUSES])(
    'sends a write a second time after %i, with the same Idempotency-Key',
    async (status) => {
      const { fetch, calls } = fakeFetch(json(status, { error: 'x', code: 'INTERNAL' }), json(200, { ok: true }));
      let keys = 0;
      const api = createApiClient({ fetch, idempotencyKey: () => `key-${++keys}` });
      await expect(api.patch('/api/profile', { name: 'B' })).resolves.toEqual({ ok: true });
      expect(calls).toHaveLength(2);
      expect(headerOf(calls[0], 'Idempotency-Key')).toBe('key-1');
      expect(headerOf(calls[1], 'Idempotency-Key')).toBe('key-1');
    },
  );

  it('retries a write only once', async () => {
    const { fetch, calls } = fakeFetch(json(503, { error: 'eins' }), json(503, { error: 'zwei', code: 'UNAVAILABLE' }));
    const error = await createApiClient({ fetch })
      .post('/api/x', {})
      .catch((caught: unknown) => caught);
    expect(calls).toHaveLength(2);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, message: 'zwei', code: 'UNAVAILABLE' });
  });

  it.each([400, 401, 403, 404, 410, 413, 422, 501])('does not retry a write after %i', async (status) => {
    const { fetch, calls } = fakeFetch(json(status, { error: 'Nein' }));
    await expect(createApiClient({ fetch }).delete('/api/x/1')).rejects.toMatchObject({ status, message: 'Nein' });
    expect(calls).toHaveLength(1);
  });

  it.each(['/api/auth/login', '/api/auth/registration/create', '/api/auth/forgot-password'])(
    'sends the sessionless auth call %s once: a retry could not be answered from the first',
    async (path) => {
      const { fetch, calls } = fakeFetch(json(429, { error: 'Zu viele Versuche.' }), json(200, {}));
      const api = createApiClient({ fetch });
      await expect(api.post(path, {})).rejects.toMatchObject({ status: 429, message: 'Zu viele Versuche.' });
      expect(calls).toHaveLength(1);
    },
  );

  it('never retries a read and sends it without an Idempotency-Key', async () => {
    const { fetch, calls } = fakeFetch(json(503, { error: 'Später' }));
    await expect(createApiClient({ fetch }).get('/api/profile')).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
    expect(headerOf(calls[0], 'Idempotency-Key')).toBeUndefined();
  });

  it('gives every write its own key', async () => {
    const { fetch, calls } = fakeFetch(json(200, {}), json(200, {}));
    const api = createApiClient({ fetch });
    await api.post('/api/a', {});
    await api.post('/api/b', {});
    const first = headerOf(calls[0], 'Idempotency-Key');
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(headerOf(calls[1], 'Idempotency-Key')).not.toBe(first);
  });

  it('treats every status from 400 to 599 as an error, 399 and below as success', async () => {
    const { fetch } = fakeFetch(json(399, { fine: true }), json(599, {}));
    const api = createApiClient({ fetch });
    await expect(api.get('/api/a')).resolves.toEqual({ fine: true });
    await expect(api.get('/api/b')).rejects.toMatchObject({
      status: 599,
      message: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
    });
  });

  it('keeps the field messages of a validation error', async () => {
    const body = { error: 'Ungültig', code: 'VALIDATION_FAILED', fields: { name: 'Name wird benötigt' } };
    const { fetch } = fakeFetch(json(400, body));
    await expect(createApiClient({ fetch }).patch('/api/profile', {})).rejects.toMatchObject({
      fields: { name: 'Name wird benötigt' },
      logout: false,
    });
  });

  it('reports logout: true to the handler before throwing', async () => {
    const { fetch } = fakeFetch(json(401, { error: 'Abgemeldet', code: 'UNAUTHENTICATED', logout: true }));
    const onLogout = vi.fn();
    await expect(createApiClient({ fetch, onLogout }).get('/api/profile')).rejects.toMatchObject({
      status: 401,
      logout: true,
    });
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('reports logout: true also on an answer that is not an error', async () => {
    const { fetch } = fakeFetch(json(200, { logout: true }));
    const onLogout = vi.fn();
    const api = createApiClient({ fetch, onLogout });
    await api.get('/api/profile');
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('does not call the handler for a 401 without the flag', async () => {
    const { fetch } = fakeFetch(json(401, { error: 'Login fehlgeschlagen', code: 'UNAUTHENTICATED' }));
    const onLogout = vi.fn();
    await expect(createApiClient({ fetch, onLogout }).post('/api/auth/login', {})).rejects.toMatchObject({
      status: 401,
    });
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('turns a network failure into status 0 with a German message', async () => {
    const { fetch } = fakeFetch(new TypeError('Failed to fetch'));
    await expect(createApiClient({ fetch }).get('/api/x')).rejects.toMatchObject({
      status: 0,
      message: expect.stringContaining('Der Server ist nicht erreichbar'),
    });
  });

  it('lets the catalogue message of the situation replace the server text, keeping the latter', () => {
    const error = new ApiError(500, 'Serverfehler', { code: 'INTERNAL' }).withMessage(
      'Währungen konnten nicht geladen werden',
    );
    expect(error).toMatchObject({
      status: 500,
      message: 'Währungen konnten nicht geladen werden',
      detail: 'Serverfehler',
      code: 'INTERNAL',
    });
  });
});
