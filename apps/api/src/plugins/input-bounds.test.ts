import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/build-test-app.js';
import { browser, codeFromOutbox, signUp, TEST_PASSWORD, uniqueEmail } from '../test/test-client.js';

const app = useTestApp();

// Found by an outside probe: ids beyond the `integer` columns and NUL bytes in names answered 500.
describe('ids are digits within the columns’ range', () => {
  it('an id above 2^31 − 1 is a 400 on every address and body that takes one, never a 500', async () => {
    const owner = await signUp(app);
    const tooBig = '2147483648';
    const own = owner.user.currentOrganisationId;
    const answers = [
      await owner.get(`/api/organisations/${tooBig}`),
      await owner.get(`/api/organisations/${tooBig}/members`),
      await owner.patch(`/api/organisations/${own}/members/${tooBig}`, { role: 'editor' }),
      await owner.delete(`/api/organisations/${own}/members/${tooBig}`),
      await owner.delete(`/api/organisations/${own}/invitations/${tooBig}`),
      await owner.post(`/api/organisations/${own}/invitations/${tooBig}/resend`),
      await owner.delete(`/api/me/invitations/${tooBig}`),
      await owner.patch('/api/profile/organisation', { organisationId: 2147483648 }),
      await owner.patch('/api/profile/organisation', { organisationId: 2 ** 53 - 1 }),
    ];
    for (const response of answers) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String) });
    }
  });

  it('refuses lenient number spellings in paths instead of guessing', async () => {
    const owner = await signUp(app);
    const id = owner.user.currentOrganisationId;
    expect((await owner.get(`/api/organisations/${id}`)).statusCode).toBe(200);
    for (const spelling of ['1e3', '0x10', '+3', `000${id}`, `${id}%20`, `${id}.0`, '-1', '0']) {
      const response = await owner.get(`/api/organisations/${spelling}`);
      expect(response.statusCode, spelling).toBe(400);
      expect(response.json(), spelling).toMatchObject({ code: 'VALIDATION_FAILED', fields: { id: 'Ungültige Id' } });
    }
  });

  it('refuses lenient page numbers', async () => {
    const owner = await signUp(app);
    for (const query of ['page=1e3', 'page=0', 'limit=0x10', 'limit=101', 'page=99999999999']) {
      expect((await owner.get(`/api/organisations?${query}`)).statusCode, query).toBe(400);
    }
    expect((await owner.get('/api/organisations?page=1&limit=5')).statusCode).toBe(200);
  });
});

describe('user-entered text', () => {
  const nul = 'nul\u0000byte';
  const message = 'Dieses Feld enthält unzulässige Steuerzeichen';

  it('a NUL or other control character in a name is a German 400, and nothing is stored', async () => {
    const user = await signUp(app);
    const organisationId = user.user.currentOrganisationId;
    const answers = {
      profile: await user.patch('/api/profile', { name: nul }),
      createOrganisation: await user.post('/api/organisations', { name: nul, currencyId: 1 }),
      renameOrganisation: await user.patch(`/api/organisations/${organisationId}`, { name: 'bell\u0007' }),
    };
    for (const [what, response] of Object.entries(answers)) {
      expect(response.statusCode, what).toBe(400);
      expect(response.json(), what).toMatchObject({ code: 'VALIDATION_FAILED', fields: { name: message } });
    }
    const profile = (await user.get('/api/profile')).json<{ name: string }>();
    expect(profile.name).not.toContain('\u0000');
    const organisations = (await user.get('/api/organisations')).json<{ data: { name: string }[] }>();
    expect(organisations.data.map((organisation) => organisation.name)).toEqual(['Meine Organisation']);
  });

  it('the optional names at registration and invitation are held to the same rule', async () => {
    const email = uniqueEmail('nul');
    const client = browser(app);
    await client.post('/api/auth/registration/create', { email });
    const code = await codeFromOutbox(app, email);
    const finished = await client.post('/api/auth/registration/finish', {
      email,
      code,
      password: TEST_PASSWORD,
      name: nul,
    });
    expect(finished.statusCode).toBe(400);
    expect(finished.json()).toMatchObject({ fields: { name: message } });
    const accepted = await browser(app).post('/api/auth/invitation/accept', {
      token: 'x'.repeat(43),
      password: TEST_PASSWORD,
      name: nul,
    });
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json()).toMatchObject({ fields: { name: message } });
  });

  it('a body that is not UTF-8 is refused as invalid JSON, not stored with replacement characters', async () => {
    const user = await signUp(app);
    const latin1 = Buffer.concat([Buffer.from('{"name":"Z'), Buffer.from([0xeb]), Buffer.from('"}')]);
    const response = await user.send({
      method: 'PATCH',
      url: '/api/profile',
      payload: latin1,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: 'Die Anfrage enthält kein gültiges JSON.',
    });
    expect((await user.get('/api/profile')).json<{ name: string }>().name).not.toContain('\ufffd');
    const utf8 = await user.send({
      method: 'PATCH',
      url: '/api/profile',
      payload: Buffer.from('{"name":"Zoë"}'),
      headers: { 'content-type': 'application/json' },
    });
    expect(utf8.json()).toMatchObject({ name: 'Zoë' });
  });

  it('keeps normal Unicode and trims', async () => {
    const user = await signUp(app);
    const renamed = await user.patch('/api/profile', { name: '  Zoë Ærø 😀 東京  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Zoë Ærø 😀 東京' });
  });
});

describe('a key named twice in one JSON object', () => {
  const json = { 'content-type': 'application/json' };
  const send = (
    user: Awaited<ReturnType<typeof signUp>>,
    method: 'PATCH' | 'PUT' | 'POST',
    url: string,
    payload: string,
  ) => user.send({ method, url, payload, headers: json });

  it('is a German 400 naming the key and its path, at the top, nested, in arrays of objects, escaped alike; nothing stored', async () => {
    const user = await signUp(app);
    const before = (await user.get('/api/profile')).json<{ name: string }>().name;
    for (const [payload, key, path] of [
      ['{"name":"Erster","name":"Zweiter"}', 'name', 'name'],
      ['{"name":"Erster","\\u006eame":"Zweiter"}', 'name', 'name'],
      ['{"name":"Erster","extra":{"a":1,"b":{"c":1,"c":2}}}', 'c', 'extra.b.c'],
    ] as const) {
      const response = await send(user, 'PATCH', '/api/profile', payload);
      expect(response.statusCode, payload).toBe(400);
      const message = `Der Schlüssel «${key}» kommt mehrfach vor.`;
      expect(response.json(), payload).toEqual({
        error: message,
        code: 'VALIDATION_FAILED',
        fields: { [path]: message },
      });
    }
    expect((await user.get('/api/profile')).json<{ name: string }>().name).toBe(before);

    // In the second entry of a batch: the whole batch is refused, nothing of it stored.
    const month = '2026-12';
    const transaction = await user.post('/api/transactions', {
      name: 'Abo',
      amount: 100,
      type: 'single',
      startDate: '2026-12-01',
      categoryId: (await user.post('/api/categories', { name: 'Abos' })).json<{ id: number }>().id,
      currencyId: (await user.get('/api/currencies')).json<{ id: number }[]>()[0]!.id,
    });
    expect(transaction.statusCode, transaction.body).toBe(201);
    const id = transaction.json<{ id: number }>().id;
    const entry = `"month":"${month}","relatedTable":"transactions","relatedId":${id}`;
    const batch = `{"updates":[{${entry},"isExcluded":true},{${entry},"isExcluded":false,"isExcluded":true}]}`;
    const refused = await send(user, 'PUT', '/api/forecasts/exclude', batch);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      fields: { 'updates.1.isExcluded': 'Der Schlüssel «isExcluded» kommt mehrfach vor.' },
    });
    expect((await user.get('/api/forecasts/exclude')).json()).toEqual([]);
  });

  it('cuts a long key in the message; a near-1 MB body with a late duplicate is refused, one without is parsed', async () => {
    const user = await signUp(app);
    const long = 'k'.repeat(500);
    const cut = await send(user, 'PATCH', '/api/profile', `{"${long}":1,"${long}":2}`);
    expect(cut.json()).toMatchObject({ error: `Der Schlüssel «${'k'.repeat(60)}…» kommt mehrfach vor.` });

    // 5,000 entries of ~190 bytes: the largest batch, just under the 1 MB body limit.
    const entries = Array.from(
      { length: 5_000 },
      (_, index) =>
        `{"month":"2026-12","relatedTable":"transactions","relatedId":${index + 1},"isExcluded":true,"pad":"${'x'.repeat(100)}"}`,
    );
    const clean = `{"updates":[${entries.join(',')}]}`;
    expect(clean.length).toBeGreaterThan(900_000);
    expect(clean.length).toBeLessThan(1_048_576);
    // Parsed and validated: the unknown "pad" is what is refused, not a duplicate.
    const validated = await send(user, 'PUT', '/api/forecasts/exclude', clean);
    expect(validated.statusCode).toBe(400);
    expect(validated.json().fields['updates.0.pad']).toBe('Unbekanntes Feld');
    const late = clean.replace(/"pad":"x+"}\]}$/, '"pad":"x","pad":"y"}]}');
    const duplicate = await send(user, 'PUT', '/api/forecasts/exclude', late);
    expect(duplicate.json()).toEqual({
      error: 'Der Schlüssel «pad» kommt mehrfach vor.',
      code: 'VALIDATION_FAILED',
      fields: { 'updates.4999.pad': 'Der Schlüssel «pad» kommt mehrfach vor.' },
    });
  });
});
