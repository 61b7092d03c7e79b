import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/build-test-app.js';
import { browser, codeFromOutbox, signUp, TEST_PASSWORD, uniqueEmail } from '../test/test-client.js';

const app = useTestApp();

// Found by an outside probe: ids beyond the `integer` columns and NUL bytes in names answered 500.
describe('ids are digits within the columns’ range', () => {
  it('an id above 2^31 − 1 is a 400 on every address and body that takes one, never a 500', async () => {
    const owner = await signUp(app);
    const tooBig = '2147483648';
    const own = owner.user.currentOrganisationID;
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
    const id = owner.user.currentOrganisationID;
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
    const organisationId = user.user.currentOrganisationID;
    const answers = {
      profile: await user.patch('/api/profile', { name: nul }),
      createOrganisation: await user.post('/api/organisations', { name: nul, currencyID: 1 }),
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
