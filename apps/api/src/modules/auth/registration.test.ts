import { describe, expect, it } from 'vitest';
import { adjustableClock, useTestApp } from '../../test/build-test-app.js';
import { rowCounts, storedFor } from '../../test/stored-rows.js';
import { browser, codeFromOutbox, signUp, TEST_PASSWORD, uniqueEmail } from '../../test/test-client.js';
import { authMessages } from './auth.service.js';

const HOUR = 60 * 60_000;
const INVALID_INPUT = 'Die Eingaben sind ungültig. Bitte prüfen Sie die markierten Felder.';

const clock = adjustableClock();

const app = useTestApp({}, { clock });

/** Starts a registration from a fresh browser and answers the code of the mailed link. */
async function startRegistration(email = uniqueEmail()) {
  const client = browser(app);
  const created = await client.post('/api/auth/registration/create', { email });
  expect(created.statusCode).toBe(200);
  return { client, email, code: await codeFromOutbox(app, email) };
}

const linkInvalid = { error: authMessages.registrationLinkInvalid, code: 'VALIDATION_FAILED' };

describe('POST /api/auth/registration/create', () => {
  it('stores a pending registration and one mail with a single link', async () => {
    const email = uniqueEmail();
    const response = await browser(app).post('/api/auth/registration/create', { email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const stored = await storedFor(app, email);
    expect(stored.users).toEqual([]);
    expect(stored.codes).toHaveLength(1);
    expect(stored.mails).toHaveLength(1);
    // Only the code's hash is kept; the code itself travels in the mail alone.
    const code = await codeFromOutbox(app, email);
    expect(stored.codes[0]!.codeHash).not.toContain(code);
    expect(JSON.stringify(stored.codes)).not.toContain(code);
  });

  it('refuses an e-mail that already has an account with a German 409 and sends no mail', async () => {
    const existing = await signUp(app);
    const before = await storedFor(app, existing.email);
    for (const email of [existing.email, `  ${existing.email.toUpperCase()} `]) {
      const response = await browser(app).post('/api/auth/registration/create', { email });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: authMessages.registrationRefused, code: 'CONFLICT' });
    }
    const after = await storedFor(app, existing.email);
    expect(after.mails).toHaveLength(before.mails.length);
    expect(after.codes).toHaveLength(before.codes.length);
  });

  it('normalises the e-mail (trim, lower-case) for the mail, the code and the account', async () => {
    const email = uniqueEmail('gross-klein');
    const shouted = `  ${email.replace('gross', 'GROSS').replace('example.ch', 'Example.CH')}\t`;
    const client = browser(app);
    expect((await client.post('/api/auth/registration/create', { email: shouted })).statusCode).toBe(200);
    const stored = await storedFor(app, email);
    expect(stored.mails.map((mail) => mail.recipient)).toEqual([email]);
    const code = await codeFromOutbox(app, email);
    // A code pasted with spaces around it still works.
    const checked = await client.post('/api/auth/registration/check-code', {
      email: email.toUpperCase(),
      code: ` ${code}\n`,
    });
    expect(checked.statusCode).toBe(200);
    const finished = await client.post('/api/auth/registration/finish', {
      email: ` ${email.toUpperCase()} `,
      code,
      password: TEST_PASSWORD,
    });
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toMatchObject({ email });
    const login = await browser(app).post('/api/auth/login', { email: shouted, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ email });
  });

  it('makes an earlier link useless when a new one is requested', async () => {
    const first = await startRegistration();
    await browser(app).post('/api/auth/registration/create', { email: first.email });
    const second = await codeFromOutbox(app, first.email);
    expect(second).not.toBe(first.code);
    const old = await first.client.post('/api/auth/registration/check-code', { email: first.email, code: first.code });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual(linkInvalid);
    const fresh = await first.client.post('/api/auth/registration/check-code', { email: first.email, code: second });
    expect(fresh.statusCode).toBe(200);
  });

  it.each([
    ['no e-mail', {}, { email: 'E-Mail wird benötigt' }],
    ['an empty e-mail', { email: '   ' }, { email: 'E-Mail wird benötigt' }],
    ['an invalid e-mail', { email: 'anna.muster@' }, { email: 'Ungültiges E-Mail Format' }],
    ['an e-mail without domain', { email: 'anna.muster' }, { email: 'Ungültiges E-Mail Format' }],
    ['a too long e-mail', { email: `${'a'.repeat(250)}@example.ch` }, { email: 'Die E-Mail-Adresse ist zu lang' }],
    ['an e-mail that is a number', { email: 42 }, { email: 'E-Mail wird benötigt' }],
    ['an e-mail that is a list', { email: ['a@example.ch'] }, { email: 'E-Mail wird benötigt' }],
    ['an unknown field', { email: 'neu@example.ch', password: TEST_PASSWORD }, { password: 'Unbekanntes Feld' }],
  ])('refuses %s with a German 400 and stores nothing', async (_case, payload, fields) => {
    const before = await rowCounts(app);
    const response = await browser(app).post('/api/auth/registration/create', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: INVALID_INPUT, code: 'VALIDATION_FAILED', fields });
    expect(await rowCounts(app)).toEqual(before);
  });

  it('refuses a body that is no JSON object', async () => {
    for (const payload of ['"a@example.ch"', '[]', 'null', '{"email":']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/registration/create',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('POST /api/auth/registration/check-code', () => {
  it('answers 400 with the same German message for a wrong code and for an unknown e-mail', async () => {
    const { client, email, code } = await startRegistration();
    const wrong = await client.post('/api/auth/registration/check-code', { email, code: `${code.slice(0, -1)}x` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(linkInvalid);
    const unknown = await client.post('/api/auth/registration/check-code', { email: uniqueEmail(), code });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(linkInvalid);
  });

  it('kills the code after 5 wrong tries: the right code then fails too, also for finishing', async () => {
    const { client, email, code } = await startRegistration();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await client.post('/api/auth/registration/check-code', { email, code: `falsch-${attempt}` });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual(linkInvalid);
    }
    const right = await client.post('/api/auth/registration/check-code', { email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(linkInvalid);
    const finish = await client.post('/api/auth/registration/finish', { email, code, password: TEST_PASSWORD });
    expect(finish.statusCode).toBe(400);
    expect(finish.json()).toEqual(linkInvalid);
    expect((await storedFor(app, email)).users).toEqual([]);
    // A new link lets the person register after all.
    const retry = await startRegistration(email);
    const done = await retry.client.post('/api/auth/registration/finish', {
      email,
      code: retry.code,
      password: TEST_PASSWORD,
    });
    expect(done.statusCode).toBe(200);
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const { client, email, code } = await startRegistration();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(
        (await client.post('/api/auth/registration/check-code', { email, code: `falsch-${attempt}` })).statusCode,
      ).toBe(400);
    }
    expect((await client.post('/api/auth/registration/check-code', { email, code })).statusCode).toBe(200);
  });

  it('counts wrong tries with finish like with check-code', async () => {
    const { client, email, code } = await startRegistration();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await client.post('/api/auth/registration/finish', {
        email,
        code: `falsch-${attempt}`,
        password: TEST_PASSWORD,
      });
      expect(wrong.statusCode).toBe(400);
    }
    expect((await client.post('/api/auth/registration/check-code', { email, code })).json()).toEqual(linkInvalid);
  });

  it('accepts a code for 24 hours and refuses it afterwards', async () => {
    const late = await startRegistration();
    const tooLate = await startRegistration();
    clock.advance(24 * HOUR - 60_000);
    const justInTime = await late.client.post('/api/auth/registration/finish', {
      email: late.email,
      code: late.code,
      password: TEST_PASSWORD,
    });
    expect(justInTime.statusCode).toBe(200);
    clock.advance(2 * 60_000);
    const checked = await tooLate.client.post('/api/auth/registration/check-code', {
      email: tooLate.email,
      code: tooLate.code,
    });
    expect(checked.statusCode).toBe(400);
    expect(checked.json()).toEqual(linkInvalid);
    const finished = await tooLate.client.post('/api/auth/registration/finish', {
      email: tooLate.email,
      code: tooLate.code,
      password: TEST_PASSWORD,
    });
    expect(finished.statusCode).toBe(400);
    expect(finished.json()).toEqual(linkInvalid);
    expect((await storedFor(app, tooLate.email)).users).toEqual([]);
  });

  it.each([
    ['no code', { email: 'a@example.ch' }, { code: 'Code wird benötigt' }],
    ['an empty code', { email: 'a@example.ch', code: '  ' }, { code: 'Code wird benötigt' }],
    ['a code that is a number', { email: 'a@example.ch', code: 12345 }, { code: 'Code wird benötigt' }],
    ['a too long code', { email: 'a@example.ch', code: 'x'.repeat(201) }, { code: 'Ungültiger Code' }],
    ['an invalid e-mail', { email: 'kein-mail', code: 'abc' }, { email: 'Ungültiges E-Mail Format' }],
    ['an unknown field', { email: 'a@example.ch', code: 'abc', valid: true }, { valid: 'Unbekanntes Feld' }],
  ])('refuses %s with a German 400', async (_case, payload, fields) => {
    const response = await browser(app).post('/api/auth/registration/check-code', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: INVALID_INPUT, code: 'VALIDATION_FAILED', fields });
  });
});

describe('POST /api/auth/registration/finish', () => {
  it('uses the code up: a second finish fails and keeps the first password', async () => {
    const { client, email, code } = await startRegistration();
    const first = await client.post('/api/auth/registration/finish', { email, code, password: TEST_PASSWORD });
    expect(first.statusCode).toBe(200);
    const second = await browser(app).post('/api/auth/registration/finish', {
      email,
      code,
      password: 'Zweites-Passwort-2026',
    });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual(linkInvalid);
    expect(second.cookies).toEqual([]);
    expect((await browser(app).post('/api/auth/registration/check-code', { email, code })).statusCode).toBe(400);
    const withSecond = await browser(app).post('/api/auth/login', { email, password: 'Zweites-Passwort-2026' });
    expect(withSecond.statusCode).toBe(401);
    expect((await browser(app).post('/api/auth/login', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await storedFor(app, email)).users).toHaveLength(1);
  });

  it('creates exactly one account when the form is sent twice at once', async () => {
    const { email, code } = await startRegistration();
    const responses = await Promise.all([
      browser(app).post('/api/auth/registration/finish', { email, code, password: TEST_PASSWORD }),
      browser(app).post('/api/auth/registration/finish', { email, code, password: 'Anderes-Passwort-99' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(responses.find((response) => response.statusCode === 400)!.json()).toEqual(linkInvalid);
    expect((await storedFor(app, email)).users).toHaveLength(1);
  });

  it('refuses the code of another e-mail address', async () => {
    const anna = await startRegistration();
    const ben = await startRegistration();
    const response = await ben.client.post('/api/auth/registration/finish', {
      email: ben.email,
      code: anna.code,
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(linkInvalid);
  });

  it('refuses bad input with German field messages, stores nothing and keeps the code usable', async () => {
    const { client, email, code } = await startRegistration();
    const cases: Array<[object, Record<string, string>]> = [
      [{ email, code }, { password: 'Passwort wird benötigt' }],
      [{ email, code, password: '' }, { password: 'Passwort wird benötigt' }],
      [{ email, code, password: 'kurz123' }, { password: 'Bitte geben Sie mind. 8 Zeichen ein' }],
      [{ email, code, password: 'x'.repeat(129) }, { password: 'Bitte geben Sie höchstens 128 Zeichen ein' }],
      [{ email, code, password: 12345678 }, { password: 'Passwort wird benötigt' }],
      [{ email, code, password: TEST_PASSWORD, name: 'n'.repeat(101) }, { name: 'Höchstens 100 Zeichen erlaubt' }],
      [{ email, code, password: TEST_PASSWORD, name: 7 }, { name: 'Ungültiger Wert: Text erwartet' }],
      [{ code, password: TEST_PASSWORD }, { email: 'E-Mail wird benötigt' }],
      [{ email, password: TEST_PASSWORD }, { code: 'Code wird benötigt' }],
      [{ email, code, password: TEST_PASSWORD, currency: 'EUR' }, { currency: 'Unbekanntes Feld' }],
    ];
    const before = await rowCounts(app);
    for (const [payload, fields] of cases) {
      const response = await client.post('/api/auth/registration/finish', payload);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toEqual({ error: INVALID_INPUT, code: 'VALIDATION_FAILED', fields });
      expect(response.cookies).toEqual([]);
    }
    expect(await rowCounts(app)).toEqual(before);
    // Refused input is no wrong try: the code still works, and 8 and 128 characters are allowed.
    expect((await client.post('/api/auth/registration/check-code', { email, code })).statusCode).toBe(200);
    const done = await client.post('/api/auth/registration/finish', {
      email,
      code,
      password: 'x'.repeat(128),
      name: '  Ben Beispiel  ',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email, name: 'Ben Beispiel' });
    const shortest = await startRegistration();
    const eight = await shortest.client.post('/api/auth/registration/finish', {
      email: shortest.email,
      code: shortest.code,
      password: 'kH4#pq9Z',
    });
    expect(eight.statusCode).toBe(200);
    expect(
      (await browser(app).post('/api/auth/login', { email: shortest.email, password: 'kH4#pq9Z' })).statusCode,
    ).toBe(200);
  });

  it('gives every registration its own first organisation', async () => {
    const anna = await signUp(app);
    const ben = await signUp(app);
    expect(anna.user.currentOrganisationId).toEqual(expect.any(Number));
    expect(ben.user.currentOrganisationId).not.toBe(anna.user.currentOrganisationId);
  });
});
