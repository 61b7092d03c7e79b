import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { currencies, memberships, organisations, users } from '../../db/schema/index.js';
import { adjustableClock, buildTestApp } from '../../test/build-test-app.js';
import { codeFromMail, startSmtpTestServer, type SmtpTestServer } from '../../test/smtp-test-server.js';
import { browser, TEST_ORIGIN, TEST_PASSWORD, uniqueEmail } from '../../test/test-client.js';
import { authMessages } from './auth.service.js';

const NEW_PASSWORD = 'Neues-Passwort-fuer-2027!';
const FIFTEEN_MINUTES = 15 * 60_000;

let smtp: SmtpTestServer;
let app: FastifyInstance;
const clock = adjustableClock();
const logLines: string[] = [];
/** Every password, code and token this file sends or receives: none may ever reach a log line. */
const secrets = new Set<string>([TEST_PASSWORD, NEW_PASSWORD]);

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  app = await buildTestApp({ SMTP_URL: smtp.url }, { logLines, clock });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

/** The newest mail the SMTP server received for `email` once the app has sent what is due. */
async function receivedMail(email: string, expectedCount: number) {
  await app.deps.mailer.deliverDue();
  const mails = smtp.mailsTo(email);
  expect(mails).toHaveLength(expectedCount);
  const mail = mails.at(-1)!;
  const code = codeFromMail(mail);
  secrets.add(code);
  return { mail, code, link: new URL(/https?:\/\/\S+/.exec(mail.text)![0]) };
}

function keepTokens(response: LightMyRequestResponse) {
  // The marker "a session may exist" (sp_signed_in = 1) is no secret: every other cookie is.
  for (const cookie of response.cookies) if (cookie.value && cookie.name !== 'sp_signed_in') secrets.add(cookie.value);
}

async function storedPasswordHash(userId: number): Promise<string | undefined> {
  const [row] = await app.deps.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.hash;
}

const notSignedIn = {
  error: 'Sie sind nicht angemeldet. Bitte melden Sie sich an.',
  code: 'UNAUTHENTICATED',
  logout: true,
};

describe('the whole account life cycle over a real SMTP server', () => {
  it('registers, signs in and out, resets the password and ends the old sessions', async () => {
    const email = uniqueEmail('lebenszyklus');
    const client = browser(app);

    // 1. Registration: the link arrives by e-mail.
    const created = await client.post('/api/auth/registration/create', { email });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ success: true });
    expect(created.cookies).toEqual([]);
    const registration = await receivedMail(email, 1);
    expect(registration.mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse für SaldoPilot');
    expect(registration.link.origin).toBe(TEST_ORIGIN);
    expect(registration.link.pathname).toBe('/auth/validate');
    expect(registration.link.searchParams.get('email')).toBe(email);
    expect(registration.code.length).toBeGreaterThanOrEqual(32);

    // 2. The validation page checks the code; checking does not use it up.
    for (let check = 0; check < 2; check += 1) {
      const checked = await client.post('/api/auth/registration/check-code', { email, code: registration.code });
      expect(checked.statusCode).toBe(200);
      expect(checked.json()).toEqual({ valid: true });
    }

    // 3. Finishing creates the account with its first organisation and signs the user in.
    const finished = await client.post('/api/auth/registration/finish', {
      email,
      code: registration.code,
      password: TEST_PASSWORD,
      name: 'Anna Muster',
    });
    keepTokens(finished);
    expect(finished.statusCode).toBe(200);
    const user = finished.json<{ id: number; currentOrganisationId: number }>();
    expect(user).toEqual({
      id: expect.any(Number),
      name: 'Anna Muster',
      email,
      currentOrganisationId: expect.any(Number),
      currency: { id: expect.any(Number), code: 'CHF', localeCode: 'de-CH' },
    });
    expect(Object.keys(client.jar).sort()).toEqual(['sp_access', 'sp_refresh', 'sp_signed_in']);
    const { db } = app.deps.database;
    const [organisation] = await db
      .select({ name: organisations.name, currency: currencies.code, role: memberships.role })
      .from(organisations)
      .innerJoin(currencies, eq(currencies.id, organisations.currencyId))
      .innerJoin(memberships, eq(memberships.organisationId, organisations.id))
      .where(eq(organisations.id, user.currentOrganisationId));
    expect(organisation).toEqual({ name: 'Meine Organisation', currency: 'CHF', role: 'owner' });
    // The password is kept only as an argon2id hash.
    const hashAtRegistration = await storedPasswordHash(user.id);
    expect(hashAtRegistration).toMatch(/^\$argon2id\$v=19\$/);

    // The link works once only.
    const again = await browser(app).post('/api/auth/registration/finish', {
      email,
      code: registration.code,
      password: 'Ein-anderes-Passwort',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: authMessages.registrationLinkInvalid });

    // 4. The profile is the signed-in user.
    const profile = await client.get('/api/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual(user);

    // 5. Logout ends the session: the cookies are gone and the refresh token is dead.
    const refreshBeforeLogout = client.jar.sp_refresh!;
    const loggedOut = await client.get('/api/auth/logout');
    expect(loggedOut.statusCode).toBe(200);
    expect(client.jar).toEqual({});
    expect((await client.get('/api/profile')).json()).toEqual(notSignedIn);
    const replayed = await browser(app, { sp_refresh: refreshBeforeLogout }).get('/api/profile');
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual(notSignedIn);

    // 6. Login, here and on a second device.
    const loggedIn = await client.post('/api/auth/login', { email, password: TEST_PASSWORD });
    keepTokens(loggedIn);
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json()).toEqual(user);
    const phone = browser(app);
    keepTokens(await phone.post('/api/auth/login', { email, password: TEST_PASSWORD }));
    expect((await phone.get('/api/profile')).statusCode).toBe(200);

    // 7. Forgot password: the reset link arrives by e-mail.
    const resetClient = browser(app);
    const forgot = await resetClient.post('/api/auth/forgot-password', { email });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual({ success: true });
    const reset = await receivedMail(email, 2);
    expect(reset.mail.subject).toBe('Anfrage zum Zurücksetzen Ihres SaldoPilot-Passworts');
    expect(reset.link.pathname).toBe('/auth/reset-password');
    expect(reset.link.searchParams.get('email')).toBe(email);
    expect(reset.code.length).toBeGreaterThanOrEqual(32);
    const resetChecked = await resetClient.post('/api/auth/reset-password-check-code', { email, code: reset.code });
    expect(resetChecked.statusCode).toBe(200);
    expect(resetChecked.json()).toEqual({ valid: true });
    const resetDone = await resetClient.post('/api/auth/reset-password', {
      email,
      code: reset.code,
      password: NEW_PASSWORD,
    });
    expect(resetDone.statusCode).toBe(200);
    expect(resetDone.json()).toEqual({ success: true });
    const hashAfterReset = await storedPasswordHash(user.id);
    expect(hashAfterReset).toMatch(/^\$argon2id\$v=19\$/);
    expect(hashAfterReset).not.toBe(hashAtRegistration);

    // 8. Every earlier session is over: the refresh tokens are revoked, and once the access
    //    tokens run out both devices are signed out.
    for (const device of [client, phone]) {
      const refreshOnly = await browser(app, { sp_refresh: device.jar.sp_refresh! }).get('/api/profile');
      expect(refreshOnly.statusCode).toBe(401);
      expect(refreshOnly.json()).toEqual(notSignedIn);
    }
    clock.advance(FIFTEEN_MINUTES + 1000);
    for (const device of [client, phone]) {
      const expired = await device.get('/api/profile');
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual(notSignedIn);
      expect(device.jar).toEqual({});
    }

    // 9. Only the new password opens the account now.
    const withOld = await browser(app).post('/api/auth/login', { email, password: TEST_PASSWORD });
    expect(withOld.statusCode).toBe(401);
    expect(withOld.json()).toEqual({ error: authMessages.loginFailed, code: 'UNAUTHENTICATED' });
    const withNew = await client.post('/api/auth/login', { email, password: NEW_PASSWORD });
    keepTokens(withNew);
    expect(withNew.statusCode).toBe(200);
    expect((await client.get('/api/profile')).json()).toEqual(user);
  });

  it('never writes a password, code or token into a log line', async () => {
    // Refused requests carry secrets too: malformed JSON, too long or misplaced values.
    const code = [...secrets].find((secret) => secret.length === 43)!;
    const refused = [
      `{"email":"a@example.ch","password":${TEST_PASSWORD}}`,
      `{"email":"a@example.ch","password":"${TEST_PASSWORD}"`,
      JSON.stringify({ email: 'a@example.ch', password: `${TEST_PASSWORD}${'!'.repeat(120)}` }),
      JSON.stringify({ email: 'a@example.ch', password: TEST_PASSWORD, code }),
      JSON.stringify({ email: 'a@example.ch', code: `${code}${'x'.repeat(200)}` }),
    ];
    for (const [index, payload] of refused.entries()) {
      const url = index < 4 ? '/api/auth/login' : '/api/auth/registration/check-code';
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
    await app.inject({
      method: 'GET',
      url: `/api/auth/logout?email=a%40example.ch&code=${code}&password=${TEST_PASSWORD}`,
    });

    // The life cycle above ran with the real logger settings writing into logLines.
    expect(secrets.size).toBeGreaterThan(8);
    expect(logLines.some((line) => line.includes('/api/auth/registration/finish'))).toBe(true);
    expect(logLines.filter((line) => line.includes('"mail sent"'))).toHaveLength(2);
    for (const secret of secrets) {
      const leaks = logLines.filter((line) => line.includes(secret));
      expect(leaks, `secret ${secret.slice(0, 6)}… in the log`).toEqual([]);
    }
  });
});
