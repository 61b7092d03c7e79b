import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { adjustableClock, buildTestApp, productionEnv, useTestApp } from '../../test/build-test-app.js';
import { browser, signUp, TEST_ORIGIN, TEST_PASSWORD, uniqueEmail, uniqueIp } from '../../test/test-client.js';
import { FOREIGN_ORIGIN } from '../../plugins/csrf.js';
import { authMessages } from './auth.service.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ACCESS_EXPIRED = 15 * MINUTE + 1000;
const INVALID_INPUT = 'Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder.';
const notSignedIn = {
  error: 'Sie sind nicht angemeldet. Bitte melden Sie sich an.',
  code: 'UNAUTHENTICATED',
  logout: true,
};
const loginFailed = { error: authMessages.loginFailed, code: 'UNAUTHENTICATED' };

const clock = adjustableClock();

const app = useTestApp({}, { clock });

const cookieNamed = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((cookie) => cookie.name === name);

/** Both session cookies are cleared (empty, expired) in this answer. */
function expectCookiesCleared(response: LightMyRequestResponse) {
  for (const name of ['sp_access', 'sp_refresh']) {
    const cookie = cookieNamed(response, name);
    expect(cookie, name).toBeDefined();
    expect(cookie!.value).toBe('');
    expect(cookie!.expires!.getTime()).toBeLessThan(Date.now());
  }
}

describe('POST /api/auth/login', () => {
  it('signs in and sets the two HttpOnly session cookies', async () => {
    const user = await signUp(app);
    const profile = (await user.get('/api/profile')).json<{ id: number }>();
    expect(profile.id).toBe(user.user.id);
    const client = browser(app);
    const response = await client.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(profile);
    const access = cookieNamed(response, 'sp_access');
    const refresh = cookieNamed(response, 'sp_refresh');
    expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 15 * 60 });
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api', maxAge: 90 * 24 * 60 * 60 });
    // Plain http on localhost: browsers would drop Secure cookies there.
    expect(access!.secure).toBeFalsy();
    expect(refresh!.value.length).toBeGreaterThanOrEqual(43);
    expect((await client.get('/api/profile')).statusCode).toBe(200);
  });

  // docs/api.md "Sessions"
  it('sets the readable marker "a session may exist" with the session, and clears it at logout', async () => {
    // The session cookies are HttpOnly: without the marker the web app cannot tell a first-time
    // visitor from a signed-in one and asked for the profile on every auth page (a 401 each time).
    const user = await signUp(app);
    const client = browser(app);
    const response = await client.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const marker = cookieNamed(response, 'sp_signed_in');
    expect(marker).toMatchObject({ value: '1', sameSite: 'Lax', path: '/', maxAge: 90 * 24 * 60 * 60 });
    expect(marker!.httpOnly).toBeFalsy();
    const loggedOut = await client.get('/api/auth/logout');
    const cleared = cookieNamed(loggedOut, 'sp_signed_in');
    expect(cleared!.value).toBe('');
    expect(cleared!.expires!.getTime()).toBeLessThan(Date.now());
  });

  it('answers the same 401 for an unknown e-mail and a wrong password, without cookies', async () => {
    const user = await signUp(app);
    const unknown = await browser(app).post('/api/auth/login', { email: uniqueEmail(), password: TEST_PASSWORD });
    const wrong = await browser(app).post('/api/auth/login', { email: user.email, password: 'Falsches-Passwort-1' });
    const wrongCase = await browser(app).post('/api/auth/login', {
      email: user.email,
      password: TEST_PASSWORD.toUpperCase(),
    });
    for (const response of [unknown, wrong, wrongCase]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(loginFailed);
      expect(response.cookies).toEqual([]);
    }
    expect(unknown.body).toBe(wrong.body);
  });

  it('takes as long for an unknown e-mail as for a wrong password', async () => {
    const user = await signUp(app);
    const attempt = async (email: string, password: string) => {
      const started = performance.now();
      const response = await browser(app).post('/api/auth/login', { email, password });
      expect(response.statusCode).toBe(401);
      return performance.now() - started;
    };
    await attempt(uniqueEmail(), 'Aufwaermen-1');
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      unknown.push(await attempt(uniqueEmail(), `Falsch-${round}-Passwort`));
      wrong.push(await attempt(user.email, `Falsch-${round}-Passwort`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // Without the dummy hash an unknown e-mail answers in a few milliseconds instead of ~50 (a ratio
    // near 0.05). The bound leaves room for a busy machine, where single timings scatter widely.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.25);
  });

  it('works without an Origin header when the browser has no session cookies', async () => {
    const user = await signUp(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: uniqueIp(),
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(cookieNamed(response, 'sp_access')).toBeDefined();
  });

  it('replaces the session this browser had before', async () => {
    const user = await signUp(app);
    const before = user.jar.sp_refresh!;
    expect((await user.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(user.jar.sp_refresh).not.toBe(before);
    expect((await browser(app, { sp_refresh: before }).get('/api/access-token')).json()).toEqual(notSignedIn);
    expect((await user.get('/api/profile')).statusCode).toBe(200);
  });

  it.each([
    ['no fields', {}, { email: 'E-Mail wird benötigt', password: expect.stringMatching(/wird benötigt$/) }],
    [
      'an empty password',
      { email: 'a@example.ch', password: '' },
      { password: expect.stringMatching(/wird benötigt$/) },
    ],
    ['an invalid e-mail', { email: 'a.example.ch', password: 'x' }, { email: 'Ungültiges E-Mail Format' }],
    [
      'a too long password',
      { email: 'a@example.ch', password: 'p'.repeat(129) },
      { password: 'Bitte geben Sie höchstens 128 Zeichen ein' },
    ],
    ['a password that is a number', { email: 'a@example.ch', password: 12345678 }, { password: expect.any(String) }],
    ['an unknown field', { email: 'a@example.ch', password: 'x', remember: true }, { remember: 'Unbekanntes Feld' }],
  ])('refuses %s with a German 400', async (_case, payload, fields) => {
    const response = await browser(app).post('/api/auth/login', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: INVALID_INPUT, code: 'VALIDATION_FAILED', fields });
    expect(response.cookies).toEqual([]);
  });
});

describe('GET /api/auth/logout', () => {
  it('ends this session, clears the cookies and leaves other devices signed in', async () => {
    const user = await signUp(app);
    const phone = browser(app);
    await phone.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const refresh = user.jar.sp_refresh!;
    const response = await user.get('/api/auth/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expectCookiesCleared(response);
    expect(user.jar).toEqual({});
    expect((await user.get('/api/profile')).json()).toEqual(notSignedIn);
    const replayed = await browser(app, { sp_refresh: refresh }).get('/api/profile');
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual(notSignedIn);
    clock.advance(ACCESS_EXPIRED);
    expect((await phone.get('/api/profile')).statusCode).toBe(200);
  });

  it('answers 200 also without a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const unknownToken = await browser(app, { sp_refresh: 'gibt-es-nicht' }).get('/api/auth/logout');
    expect(unknownToken.statusCode).toBe(200);
    expectCookiesCleared(unknownToken);
  });
});

describe('GET /api/access-token', () => {
  it('answers 204 for a valid session', async () => {
    const user = await signUp(app);
    const response = await user.get('/api/access-token');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(response.cookies).toEqual([]);
  });

  it('renews both tokens when the access token has expired', async () => {
    const user = await signUp(app);
    const before = { ...user.jar };
    clock.advance(ACCESS_EXPIRED);
    const response = await user.get('/api/access-token');
    expect(response.statusCode).toBe(204);
    expect(cookieNamed(response, 'sp_access')?.value).toBeTruthy();
    expect(cookieNamed(response, 'sp_refresh')?.value).toBeTruthy();
    expect(user.jar.sp_access).not.toBe(before.sp_access);
    expect(user.jar.sp_refresh).not.toBe(before.sp_refresh);
    expect((await user.get('/api/profile')).statusCode).toBe(200);
  });

  it('answers 401 with logout: true without a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/access-token' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(notSignedIn);
  });
});

describe('refresh token rotation', () => {
  it('renews both cookies transparently on a protected route when the access token has expired', async () => {
    const user = await signUp(app);
    const expected = (await user.get('/api/profile')).json();
    const before = { ...user.jar };
    clock.advance(ACCESS_EXPIRED);
    const response = await user.get('/api/profile');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expected);
    expect(cookieNamed(response, 'sp_access')).toMatchObject({ httpOnly: true, maxAge: 15 * 60 });
    expect(cookieNamed(response, 'sp_refresh')).toMatchObject({ httpOnly: true, path: '/api' });
    expect(user.jar.sp_access).not.toBe(before.sp_access);
    expect(user.jar.sp_refresh).not.toBe(before.sp_refresh);
    // The new access token is enough by itself now.
    const accessOnly = await browser(app, { sp_access: user.jar.sp_access! }).get('/api/profile');
    expect(accessOnly.statusCode).toBe(200);
    expect(accessOnly.cookies).toEqual([]);
  });

  it('refuses an access token that has expired, also one the server checked before', async () => {
    const user = await signUp(app);
    const accessOnly = browser(app, { sp_access: user.jar.sp_access! });
    expect((await accessOnly.get('/api/profile')).statusCode).toBe(200);
    clock.advance(ACCESS_EXPIRED);
    const expired = await accessOnly.get('/api/profile');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'UNAUTHENTICATED', logout: true });
  });

  it('accepts the rotated token within 30 s (parallel requests) without a new refresh cookie', async () => {
    const user = await signUp(app);
    const old = user.jar.sp_refresh!;
    clock.advance(ACCESS_EXPIRED);
    expect((await user.get('/api/profile')).statusCode).toBe(200);
    clock.advance(20_000);
    const late = await browser(app, { sp_refresh: old }).get('/api/profile');
    expect(late.statusCode).toBe(200);
    expect(cookieNamed(late, 'sp_access')?.value).toBeTruthy();
    expect(cookieNamed(late, 'sp_refresh')).toBeUndefined();
    // The session goes on with the rotated cookie.
    clock.advance(ACCESS_EXPIRED);
    expect((await user.get('/api/profile')).statusCode).toBe(200);
  });

  it('does not sign out a browser that fires several requests with an expired access token at once', async () => {
    const user = await signUp(app);
    clock.advance(ACCESS_EXPIRED);
    const responses = await Promise.all([
      user.get('/api/profile'),
      user.get('/api/access-token'),
      user.get('/api/profile'),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 204]);
    expect(responses.filter((response) => cookieNamed(response, 'sp_refresh'))).toHaveLength(1);
    clock.advance(ACCESS_EXPIRED);
    expect((await user.get('/api/profile')).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token comes back after the grace period', async () => {
    const user = await signUp(app);
    const stolen = user.jar.sp_refresh!;
    clock.advance(ACCESS_EXPIRED);
    expect((await user.get('/api/profile')).statusCode).toBe(200);
    const rotated = user.jar.sp_refresh!;
    expect(rotated).not.toBe(stolen);
    clock.advance(31_000);

    const thief = browser(app, { sp_refresh: stolen });
    const reused = await thief.get('/api/profile');
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual(notSignedIn);
    expectCookiesCleared(reused);
    expect(thief.jar).toEqual({});

    // The legitimate browser's newer token belonged to the same family: it is dead too.
    const rotatedOnly = await browser(app, { sp_refresh: rotated }).get('/api/access-token');
    expect(rotatedOnly.statusCode).toBe(401);
    expect(rotatedOnly.json()).toEqual(notSignedIn);
    clock.advance(ACCESS_EXPIRED);
    const owner = await user.get('/api/profile');
    expect(owner.statusCode).toBe(401);
    expect(owner.json()).toEqual(notSignedIn);
    expectCookiesCleared(owner);
    expect(user.jar).toEqual({});
    // Signing in again starts a fresh, working session.
    expect((await user.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await user.get('/api/profile')).statusCode).toBe(200);
  });

  it('keeps an active user signed in beyond 90 days, but not an idle one', async () => {
    const active = await signUp(app);
    const idle = await signUp(app);
    clock.advance(80 * DAY);
    expect((await active.get('/api/profile')).statusCode).toBe(200);
    clock.advance(80 * DAY);
    expect((await active.get('/api/profile')).statusCode).toBe(200);
    const expired = await idle.get('/api/profile');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(notSignedIn);
    expectCookiesCleared(expired);
  });

  it('signs out a deleted user although the tokens are still valid', async () => {
    const user = await signUp(app);
    await app.deps.database.db.delete(users).where(eq(users.id, user.user.id));
    const response = await user.get('/api/profile');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(notSignedIn);
    expectCookiesCleared(response);
  });

  it('refuses a forged or broken access token', async () => {
    const anna = await signUp(app);
    const ben = await signUp(app);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(ben.user.id))
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('nicht-das-geheimnis-des-servers-aber-lang-genug'));
    const [header, payload, signature] = anna.jar.sp_access!.split('.');
    const tampered = [header, Buffer.from(`{"sub":"${ben.user.id}"}`).toString('base64url'), signature].join('.');
    for (const token of [forged, tampered, `${payload}`, 'kein-jwt']) {
      const response = await browser(app, { sp_access: token }).get('/api/profile');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(notSignedIn);
      expectCookiesCleared(response);
    }
  });
});

describe('CSRF defence', () => {
  it('refuses a cookie-authenticated PATCH from a foreign origin with 403 and changes nothing', async () => {
    const user = await signUp(app);
    for (const origin of ['https://boese.example', 'http://localhost:3001', 'null']) {
      const response = await user.send({
        method: 'PATCH',
        url: '/api/profile',
        payload: { name: 'Gekapert' },
        headers: { origin },
      });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toEqual({ error: FOREIGN_ORIGIN, code: 'FORBIDDEN' });
    }
    expect((await user.get('/api/profile')).json()).toMatchObject({ name: '' });
  });

  it('refuses cookie-authenticated writes without an Origin header', async () => {
    const user = await signUp(app);
    const rename = await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      cookies: user.jar,
      remoteAddress: user.ip,
      payload: { name: 'Ohne Herkunft' },
    });
    expect(rename.statusCode).toBe(403);
    expect(rename.json()).toEqual({ error: FOREIGN_ORIGIN, code: 'FORBIDDEN' });
    const password = await app.inject({
      method: 'POST',
      url: '/api/profile/password',
      cookies: user.jar,
      remoteAddress: user.ip,
      payload: { currentPassword: TEST_PASSWORD, password: 'Uebernommen-2026' },
    });
    expect(password.statusCode).toBe(403);
    expect(
      (await browser(app).post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await user.get('/api/profile')).json()).toMatchObject({ name: '' });
  });

  it('refuses a foreign origin also when only the refresh cookie is sent', async () => {
    const user = await signUp(app);
    const response = await browser(app, { sp_refresh: user.jar.sp_refresh! }).send({
      method: 'POST',
      url: '/api/profile/password',
      payload: { currentPassword: TEST_PASSWORD, password: 'Uebernommen-2026' },
      headers: { origin: 'https://boese.example' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('accepts the public URL and the host the request was sent to as origin', async () => {
    const user = await signUp(app);
    const fromApp = await user.send({
      method: 'PATCH',
      url: '/api/profile',
      payload: { name: 'Anna' },
      headers: { origin: TEST_ORIGIN },
    });
    expect(fromApp.statusCode).toBe(200);
    const sameHost = await user.send({
      method: 'PATCH',
      url: '/api/profile',
      payload: { name: 'Anna Intern' },
      headers: { host: 'saldopilot.intern:8080', origin: 'http://saldopilot.intern:8080' },
    });
    expect(sameHost.statusCode).toBe(200);
    expect(sameHost.json()).toMatchObject({ name: 'Anna Intern' });
  });
});

describe('on a public https address', () => {
  const PUBLIC_URL = 'https://saldopilot.example.ch';
  let secureApp: FastifyInstance;

  beforeAll(async () => {
    secureApp = await buildTestApp(productionEnv(PUBLIC_URL));
  });
  afterAll(async () => {
    await secureApp.close();
  });

  it('marks the session cookies Secure and accepts writes only from that origin', async () => {
    const user = await signUp(secureApp);
    const response = await browser(secureApp).send({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { origin: PUBLIC_URL },
    });
    expect(response.statusCode).toBe(200);
    expect(cookieNamed(response, 'sp_access')).toMatchObject({ secure: true, httpOnly: true });
    expect(cookieNamed(response, 'sp_refresh')).toMatchObject({ secure: true, httpOnly: true });
    const rename = (origin: string) =>
      user.send({ method: 'PATCH', url: '/api/profile', payload: { name: origin }, headers: { origin } });
    expect((await rename(PUBLIC_URL)).statusCode).toBe(200);
    expect((await rename('http://saldopilot.example.ch')).statusCode).toBe(403);
    expect((await rename(TEST_ORIGIN)).statusCode).toBe(403);
    expect((await user.get('/api/profile')).json()).toMatchObject({ name: PUBLIC_URL });
  });
});
