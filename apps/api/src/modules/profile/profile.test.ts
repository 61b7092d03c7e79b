import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { currencies, memberships, organisations } from '../../db/schema/index.js';
import { adjustableClock, useTestApp } from '../../test/build-test-app.js';
import { browser, signUp, TEST_PASSWORD, type SignedInUser } from '../../test/test-client.js';
import { WRONG_CURRENT_PASSWORD } from './profile.service.js';

const NEW_PASSWORD = 'Geaendertes-Passwort-2026';
const ACCESS_EXPIRED = 15 * 60_000 + 1000;
const INVALID_INPUT = 'Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder.';
const notSignedIn = {
  error: 'Sie sind nicht angemeldet. Bitte melden Sie sich an.',
  code: 'UNAUTHENTICATED',
  logout: true,
};

const clock = adjustableClock();

const app = useTestApp({}, { clock });

const login = (email: string, password: string) => browser(app).post('/api/auth/login', { email, password });

/** A second organisation the user is a member of (organisations get their own endpoints later). */
async function addOrganisation(user: SignedInUser, name: string, currencyCode: string) {
  const { db } = app.deps.database;
  const [currency] = await db.select().from(currencies).where(eq(currencies.code, currencyCode));
  const [organisation] = await db
    .insert(organisations)
    .values({ name, currencyId: currency!.id })
    .returning({ id: organisations.id });
  await db.insert(memberships).values({ organisationId: organisation!.id, userId: user.user.id, role: 'editor' });
  return {
    id: organisation!.id,
    currency: { id: currency!.id, code: currency!.code, localeCode: currency!.localeCode },
  };
}

describe('without a session', () => {
  it.each([
    ['GET', '/api/profile', undefined],
    ['PATCH', '/api/profile', { name: 'Anna' }],
    ['POST', '/api/profile/password', { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD }],
    ['PATCH', '/api/profile/organisation', { organisationId: 1 }],
  ] as const)('%s %s answers 401 with logout: true', async (method, url, payload) => {
    const response = await browser(app).send({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(notSignedIn);
  });
});

describe('GET /api/profile', () => {
  it('answers the signed-in user with the currency of the current organisation', async () => {
    const user = await signUp(app);
    const response = await user.get('/api/profile');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.user.id,
      name: '',
      email: user.email,
      currentOrganisationId: user.user.currentOrganisationId,
      currency: { id: expect.any(Number), code: 'CHF', localeCode: 'de-CH' },
    });
    // Nothing secret is part of the answer.
    expect(response.body).not.toMatch(/password|argon2/i);
  });
});

describe('PATCH /api/profile', () => {
  it('changes the name (trimmed) and keeps everything else', async () => {
    const user = await signUp(app);
    const before = (await user.get('/api/profile')).json<Record<string, unknown>>();
    const response = await user.patch('/api/profile', { name: '  Anna Muster  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...before, name: 'Anna Muster' });
    expect((await user.get('/api/profile')).json()).toEqual({ ...before, name: 'Anna Muster' });
    const longest = 'ä'.repeat(100);
    expect((await user.patch('/api/profile', { name: longest })).json()).toMatchObject({ name: longest });
  });

  it('changes nothing for an empty update, as PATCH leaves absent fields alone', async () => {
    const user = await signUp(app);
    await user.patch('/api/profile', { name: 'Vorher' });
    const response = await user.patch('/api/profile', {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Vorher', email: user.email });
  });

  it.each([
    ['an empty name', { name: '' }, { name: 'Name wird benötigt' }],
    ['a blank name', { name: '   ' }, { name: 'Name wird benötigt' }],
    ['a too long name', { name: 'n'.repeat(101) }, { name: 'Höchstens 100 Zeichen erlaubt' }],
    ['a name that is a number', { name: 42 }, { name: 'Name wird benötigt' }],
    ['a name that is null', { name: null }, { name: 'Name wird benötigt' }],
    ['an e-mail change', { name: 'Anna', email: 'neu@example.ch' }, { email: 'Unbekanntes Feld' }],
  ])('refuses %s with a German 400 and changes nothing', async (_case, payload, fields) => {
    const user = await signUp(app);
    await user.patch('/api/profile', { name: 'Vorher' });
    const response = await user.patch('/api/profile', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: INVALID_INPUT, code: 'VALIDATION_FAILED', fields });
    expect((await user.get('/api/profile')).json()).toMatchObject({ name: 'Vorher', email: user.email });
  });
});

describe('POST /api/profile/password', () => {
  it('sets the new password, ends the other sessions and keeps this one', async () => {
    const user = await signUp(app);
    const laptop = browser(app);
    expect((await laptop.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);

    const response = await user.post('/api/profile/password', {
      currentPassword: TEST_PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    // The laptop's refresh token is revoked; once its access token runs out it is signed out.
    expect((await browser(app, { sp_refresh: laptop.jar.sp_refresh! }).get('/api/access-token')).json()).toEqual(
      notSignedIn,
    );
    clock.advance(ACCESS_EXPIRED);
    const onLaptop = await laptop.get('/api/profile');
    expect(onLaptop.statusCode).toBe(401);
    expect(onLaptop.json()).toEqual(notSignedIn);
    // This browser renews its session as usual.
    const here = await user.get('/api/profile');
    expect(here.statusCode).toBe(200);
    expect(here.cookies.map((cookie) => cookie.name).sort()).toEqual(['sp_access', 'sp_refresh', 'sp_signed_in']);
  });

  it('keeps this session also when the access token had expired before the change', async () => {
    const user = await signUp(app);
    clock.advance(ACCESS_EXPIRED);
    const response = await user.post('/api/profile/password', {
      currentPassword: TEST_PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(204);
    clock.advance(ACCESS_EXPIRED);
    expect((await user.get('/api/profile')).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 and keeps the old one', async () => {
    const user = await signUp(app);
    const response = await user.post('/api/profile/password', {
      currentPassword: 'Nicht-das-Passwort',
      password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: WRONG_CURRENT_PASSWORD,
      code: 'VALIDATION_FAILED',
      fields: { currentPassword: WRONG_CURRENT_PASSWORD },
    });
    // A wrong current password is no reason to sign the user out.
    expect((await user.get('/api/profile')).statusCode).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['a too short new password', { password: 'kurz' }, { password: 'Bitte geben Sie mind. 8 Zeichen ein' }],
    [
      'a too long new password',
      { password: 'l'.repeat(129) },
      { password: 'Bitte geben Sie höchstens 128 Zeichen ein' },
    ],
    ['no new password', { password: undefined }, { password: 'Passwort wird benötigt' }],
    ['a new password that is a number', { password: 123456789 }, { password: 'Passwort wird benötigt' }],
    [
      'no current password',
      { currentPassword: undefined },
      { currentPassword: expect.stringMatching(/wird benötigt$/) },
    ],
    ['an unknown field', { passwordRepeat: NEW_PASSWORD }, { passwordRepeat: 'Unbekanntes Feld' }],
  ])('refuses %s with a German 400 and keeps the password', async (_case, change, fields) => {
    const user = await signUp(app);
    const payload = { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, ...change };
    const response = await user.post('/api/profile/password', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: INVALID_INPUT, code: 'VALIDATION_FAILED', fields });
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('PATCH /api/profile/organisation', () => {
  it('switches to another organisation of the user, and the currency with it', async () => {
    const user = await signUp(app);
    const second = await addOrganisation(user, 'Zweitfirma GmbH', 'EUR');
    const response = await user.patch('/api/profile/organisation', { organisationId: second.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ currentOrganisationId: second.id, currency: second.currency });
    expect((await user.get('/api/profile')).json()).toMatchObject({ currentOrganisationId: second.id });
    // The choice is the user's, not the browser's: a new login starts there.
    expect((await login(user.email, TEST_PASSWORD)).json()).toMatchObject({ currentOrganisationId: second.id });
    const back = await user.patch('/api/profile/organisation', { organisationId: user.user.currentOrganisationId });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      currentOrganisationId: user.user.currentOrganisationId,
      currency: { code: 'CHF' },
    });
  });

  it('answers 404 for another user’s or a non-existing organisation and changes nothing', async () => {
    const user = await signUp(app);
    const stranger = await signUp(app);
    for (const organisationId of [stranger.user.currentOrganisationId, 2_000_000_000]) {
      const response = await user.patch('/api/profile/organisation', { organisationId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Die Organisation wurde nicht gefunden.', code: 'NOT_FOUND' });
    }
    expect((await user.get('/api/profile')).json()).toMatchObject({
      currentOrganisationId: user.user.currentOrganisationId,
    });
  });

  it.each([
    ['no organisation', {}],
    ['a text', { organisationId: 'abc' }],
    ['a numeric text', { organisationId: '1' }],
    ['zero', { organisationId: 0 }],
    ['a negative id', { organisationId: -3 }],
    ['a fraction', { organisationId: 1.5 }],
    ['an unknown field', { organisationId: 1, role: 'owner' }],
  ])('refuses %s with a German 400', async (_case, payload) => {
    const user = await signUp(app);
    const response = await user.patch('/api/profile/organisation', payload);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; code: string; fields: Record<string, string> }>();
    expect(body).toMatchObject({ error: INVALID_INPUT, code: 'VALIDATION_FAILED' });
    const field = 'role' in payload ? 'role' : 'organisationId';
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(body.fields[field]).toMatch(/^[A-ZÄÖÜ][a-zäöüß]/);
    expect((await user.get('/api/profile')).json()).toMatchObject({
      currentOrganisationId: user.user.currentOrganisationId,
    });
  });
});
