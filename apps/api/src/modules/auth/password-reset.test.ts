import { describe, expect, it } from 'vitest';
import { adjustableClock, useTestApp } from '../../test/build-test-app.js';
import { rowCounts, storedFor } from '../../test/stored-rows.js';
import { browser, codeFromOutbox, signUp, TEST_PASSWORD, uniqueEmail } from '../../test/test-client.js';
import { authMessages } from './auth.service.js';

const NEW_PASSWORD = 'Frisches-Passwort-2026';
const MINUTE = 60_000;
const INVALID_INPUT = 'Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder.';
const notSignedIn = {
  error: 'Sie sind nicht angemeldet. Bitte melden Sie sich an.',
  code: 'UNAUTHENTICATED',
  logout: true,
};
const linkInvalid = { error: authMessages.resetLinkInvalid, code: 'VALIDATION_FAILED' };

const clock = adjustableClock();

const app = useTestApp({}, { clock });

/** A registered user who asked for a reset link; answers the code of the mailed link. */
async function requestReset() {
  const user = await signUp(app);
  const client = browser(app);
  const response = await client.post('/api/auth/forgot-password', { email: user.email });
  expect(response.statusCode).toBe(200);
  return { user, client, email: user.email, code: await codeFromOutbox(app, user.email) };
}

const login = (email: string, password: string) => browser(app).post('/api/auth/login', { email, password });

describe('POST /api/auth/forgot-password', () => {
  it('answers an unknown e-mail exactly like a known one, and stores and sends no mail', async () => {
    const user = await signUp(app);
    const unknown = uniqueEmail('niemand');
    const before = await rowCounts(app);
    const forUnknown = await browser(app).post('/api/auth/forgot-password', { email: unknown });
    expect(await rowCounts(app)).toEqual(before);
    const forKnown = await browser(app).post('/api/auth/forgot-password', { email: user.email });
    expect(forUnknown.statusCode).toBe(200);
    expect(forKnown.statusCode).toBe(200);
    expect(forUnknown.body).toBe(forKnown.body);
    expect(forUnknown.json()).toEqual({ success: true });
    expect(forUnknown.headers['content-type']).toBe(forKnown.headers['content-type']);
    await app.deps.mailer.deliverDue();
    expect((await storedFor(app, unknown)).mails).toEqual([]);
    expect((await storedFor(app, unknown)).codes).toEqual([]);
    const known = await storedFor(app, user.email);
    expect(known.mails.map((mail) => mail.subject)).toContain('Anfrage zum Zurücksetzen Ihres SaldoPilot-Passworts');
  });

  it('finds the account whatever the case and spacing of the e-mail', async () => {
    const user = await signUp(app);
    const response = await browser(app).post('/api/auth/forgot-password', { email: ` ${user.email.toUpperCase()}  ` });
    expect(response.statusCode).toBe(200);
    const code = await codeFromOutbox(app, user.email);
    const checked = await browser(app).post('/api/auth/reset-password-check-code', { email: user.email, code });
    expect(checked.statusCode).toBe(200);
  });

  it.each([
    ['no e-mail', {}, { email: 'E-Mail wird benötigt' }],
    ['an invalid e-mail', { email: 'anna@@example.ch' }, { email: 'Ungültiges E-Mail Format' }],
    ['an e-mail that is a number', { email: 1 }, { email: 'E-Mail wird benötigt' }],
    ['an unknown field', { email: 'anna@example.ch', name: 'Anna' }, { name: 'Unbekanntes Feld' }],
  ])('refuses %s with a German 400 and stores nothing', async (_case, payload, fields) => {
    const before = await rowCounts(app);
    const response = await browser(app).post('/api/auth/forgot-password', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: INVALID_INPUT, code: 'VALIDATION_FAILED', fields });
    expect(await rowCounts(app)).toEqual(before);
  });
});

describe('POST /api/auth/reset-password-check-code and /api/auth/reset-password', () => {
  it('sets the new password, uses the code up and ends every session of the user', async () => {
    const { user, client, email, code } = await requestReset();
    const laptop = browser(app);
    expect((await laptop.post('/api/auth/login', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
    const checked = await client.post('/api/auth/reset-password-check-code', { email, code });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ valid: true });

    const reset = await client.post('/api/auth/reset-password', { email, code, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true });
    // Resetting does not sign this browser in; it logs in with the new password.
    expect(reset.cookies).toEqual([]);

    // Both sessions (the registration's and the laptop's) are revoked.
    for (const device of [user, laptop]) {
      const refreshed = await browser(app, { sp_refresh: device.jar.sp_refresh! }).get('/api/access-token');
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json()).toEqual(notSignedIn);
    }
    clock.advance(16 * MINUTE);
    for (const device of [user, laptop]) {
      expect((await device.get('/api/profile')).json()).toEqual(notSignedIn);
    }

    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);

    // The code is used up.
    const again = await browser(app).post('/api/auth/reset-password', { email, code, password: 'Noch-ein-Passwort' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(linkInvalid);
    expect((await browser(app).post('/api/auth/reset-password-check-code', { email, code })).json()).toEqual(
      linkInvalid,
    );
    expect((await login(email, 'Noch-ein-Passwort')).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers the same German 400 for a wrong code, an unknown e-mail and a registration code', async () => {
    const { client, email, code } = await requestReset();
    const wrong = await client.post('/api/auth/reset-password-check-code', { email, code: code.toUpperCase() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(linkInvalid);
    const unknown = await client.post('/api/auth/reset-password-check-code', { email: uniqueEmail(), code });
    expect(unknown.json()).toEqual(linkInvalid);
    const resetUnknown = await client.post('/api/auth/reset-password', {
      email: uniqueEmail(),
      code,
      password: NEW_PASSWORD,
    });
    expect(resetUnknown.statusCode).toBe(400);
    expect(resetUnknown.json()).toEqual(linkInvalid);
    // A registration link is no reset link.
    const pending = uniqueEmail();
    await browser(app).post('/api/auth/registration/create', { email: pending });
    const registrationCode = await codeFromOutbox(app, pending);
    const crossed = await client.post('/api/auth/reset-password-check-code', {
      email: pending,
      code: registrationCode,
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toEqual(linkInvalid);
  });

  it('kills the code after 5 wrong tries, the right code included', async () => {
    const { client, email, code } = await requestReset();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await client.post('/api/auth/reset-password', {
        email,
        code: `rate-${attempt}`,
        password: NEW_PASSWORD,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual(linkInvalid);
    }
    const right = await client.post('/api/auth/reset-password', { email, code, password: NEW_PASSWORD });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(linkInvalid);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('accepts a code for one hour and refuses it afterwards', async () => {
    const inTime = await requestReset();
    const tooLate = await requestReset();
    clock.advance(59 * MINUTE);
    const checked = await inTime.client.post('/api/auth/reset-password-check-code', {
      email: inTime.email,
      code: inTime.code,
    });
    expect(checked.statusCode).toBe(200);
    expect(
      (
        await inTime.client.post('/api/auth/reset-password', {
          email: inTime.email,
          code: inTime.code,
          password: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    clock.advance(2 * MINUTE);
    const expired = await tooLate.client.post('/api/auth/reset-password', {
      email: tooLate.email,
      code: tooLate.code,
      password: NEW_PASSWORD,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(linkInvalid);
    expect((await login(tooLate.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('sets exactly one password when the reset form is sent twice at once', async () => {
    const { email, code } = await requestReset();
    const responses = await Promise.all([
      browser(app).post('/api/auth/reset-password', { email, code, password: NEW_PASSWORD }),
      browser(app).post('/api/auth/reset-password', { email, code, password: 'Zweites-Neues-Passwort' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    const winner = responses[0]!.statusCode === 200 ? NEW_PASSWORD : 'Zweites-Neues-Passwort';
    const loser = winner === NEW_PASSWORD ? 'Zweites-Neues-Passwort' : NEW_PASSWORD;
    expect((await login(email, winner)).statusCode).toBe(200);
    expect((await login(email, loser)).statusCode).toBe(401);
  });

  it('makes an earlier reset link useless when a new one is requested', async () => {
    const { client, email, code } = await requestReset();
    await browser(app).post('/api/auth/forgot-password', { email });
    const newer = await codeFromOutbox(app, email);
    expect(newer).not.toBe(code);
    expect((await client.post('/api/auth/reset-password-check-code', { email, code })).json()).toEqual(linkInvalid);
    expect((await client.post('/api/auth/reset-password-check-code', { email, code: newer })).statusCode).toBe(200);
  });

  it('refuses bad input with German field messages and changes nothing', async () => {
    const { client, email, code } = await requestReset();
    const cases: Array<[object, Record<string, string>]> = [
      [{ email, code }, { password: 'Passwort wird benötigt' }],
      [{ email, code, password: 'sieben7' }, { password: 'Bitte geben Sie mind. 8 Zeichen ein' }],
      [{ email, code, password: 'y'.repeat(129) }, { password: 'Bitte geben Sie höchstens 128 Zeichen ein' }],
      [{ email, code, password: true }, { password: 'Passwort wird benötigt' }],
      [{ email: 'kaputt', code, password: NEW_PASSWORD }, { email: 'Ungültiges E-Mail Format' }],
      [{ email, password: NEW_PASSWORD }, { code: 'Code wird benötigt' }],
      [
        { email, code, password: NEW_PASSWORD, currentPassword: TEST_PASSWORD },
        { currentPassword: 'Unbekanntes Feld' },
      ],
    ];
    for (const [payload, fields] of cases) {
      const response = await client.post('/api/auth/reset-password', payload);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toEqual({ error: INVALID_INPUT, code: 'VALIDATION_FAILED', fields });
    }
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
    // The code survived the refused requests.
    expect((await client.post('/api/auth/reset-password', { email, code, password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
  });
});
