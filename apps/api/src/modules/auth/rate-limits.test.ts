import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { RATE_LIMIT_MESSAGE } from '../../lib/rate-limiter.js';
import { adjustableClock, useTestApp } from '../../test/build-test-app.js';
import { storedFor } from '../../test/stored-rows.js';
import { browser, signUp, TEST_PASSWORD, uniqueEmail, type Browser } from '../../test/test-client.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const clock = adjustableClock();

const app = useTestApp({}, { clock });

/** A German 429 with a Retry-After (seconds) within the limit's window; answers the seconds. */
function expectRateLimited(response: LightMyRequestResponse, windowMs: number): number {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: RATE_LIMIT_MESSAGE, code: 'RATE_LIMITED' });
  const seconds = Number(response.headers['retry-after']);
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(windowMs / 1000);
  return seconds;
}

const fromNewIp = (url: string, payload: object) => browser(app).post(url, payload);

describe('registration', () => {
  it('allows 3 links per e-mail and hour, then 429 without a mail, until Retry-After has passed', async () => {
    const email = uniqueEmail();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await fromNewIp('/api/auth/registration/create', { email })).statusCode).toBe(200);
    }
    const limited = await fromNewIp('/api/auth/registration/create', { email: email.toUpperCase() });
    const seconds = expectRateLimited(limited, HOUR);
    expect((await storedFor(app, email)).mails).toHaveLength(3);
    clock.advance(seconds * 1000);
    expect((await fromNewIp('/api/auth/registration/create', { email })).statusCode).toBe(200);
  });

  it('allows 10 registrations per IP and hour, then 429 for any e-mail from that IP only', async () => {
    const client = browser(app);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await client.post('/api/auth/registration/create', { email: uniqueEmail() })).statusCode).toBe(200);
    }
    const email = uniqueEmail();
    expectRateLimited(await client.post('/api/auth/registration/create', { email }), HOUR);
    expect((await storedFor(app, email)).mails).toEqual([]);
    expect((await fromNewIp('/api/auth/registration/create', { email })).statusCode).toBe(200);
  });
});

describe('login', () => {
  const login = (client: Browser, email: string, password: string) =>
    client.post('/api/auth/login', { email, password });

  it('locks out the guessing client after 10 wrong passwords, even with the right one; the owner elsewhere gets in', async () => {
    const victim = await signUp(app);
    const attacker = browser(app);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login(attacker, victim.email, `Geraten-${attempt}-xyz`)).statusCode).toBe(401);
    }
    const seconds = expectRateLimited(await login(attacker, victim.email, TEST_PASSWORD), 15 * MINUTE);
    expect(attacker.jar).toEqual({});
    const owner = browser(app);
    expect((await login(owner, victim.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(owner.jar.sp_access).toBeDefined();
    // Another account is not affected, not even from the guessing IP; the lockout ends with its window.
    const other = await signUp(app);
    expect((await login(attacker, other.email, TEST_PASSWORD)).statusCode).toBe(200);
    clock.advance(seconds * 1000);
    expect((await login(attacker, victim.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts only failed logins per e-mail: signing in again and again from one IP is never refused', async () => {
    const user = await signUp(app);
    const client = browser(app);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect((await login(client, user.email, TEST_PASSWORD)).statusCode).toBe(200);
    }
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login(client, user.email, `Vertippt-${attempt}`)).statusCode).toBe(401);
    }
    expectRateLimited(await login(client, user.email, TEST_PASSWORD), 15 * MINUTE);
  });

  it('caps guessing spread over many IPs at 100 wrong passwords per e-mail and hour, then refuses every client', async () => {
    const victim = await signUp(app);
    const attackers = Array.from({ length: 10 }, () => browser(app));
    const answers = await Promise.all(
      attackers.map(async (attacker, index) => {
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 10; attempt += 1) {
          statuses.push((await login(attacker, victim.email, `Geraten-${index}-${attempt}`)).statusCode);
        }
        return statuses;
      }),
    );
    expect(answers.flat()).toEqual(Array.from({ length: 100 }, () => 401));
    const owner = browser(app);
    const seconds = expectRateLimited(await login(owner, victim.email, TEST_PASSWORD), HOUR);
    expect(seconds).toBeGreaterThan(15 * 60);
    clock.advance(seconds * 1000);
    expect((await login(owner, victim.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts the longest e-mail from an IPv6 address like any other', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.ch`;
    expect(email).toHaveLength(254);
    const client = browser(app, {}, '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff');
    expect((await login(client, email, 'Geraten-123')).statusCode).toBe(401);
  });

  it('allows 30 attempts per IP in 15 minutes, then 429 for every account from that IP', async () => {
    const user = await signUp(app);
    const client = browser(app);
    const attempts = await Promise.all(
      Array.from({ length: 30 }, () =>
        client.post('/api/auth/login', { email: uniqueEmail(), password: 'Geraten-123' }),
      ),
    );
    expect(attempts.map((response) => response.statusCode)).toEqual(Array.from({ length: 30 }, () => 401));
    expectRateLimited(
      await client.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD }),
      15 * MINUTE,
    );
    expect(client.jar).toEqual({});
    expect((await fromNewIp('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});

describe('code checks', () => {
  it('allows 20 code checks per e-mail in 15 minutes from any IPs', async () => {
    const email = uniqueEmail();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const url = attempt % 2 ? '/api/auth/registration/check-code' : '/api/auth/reset-password-check-code';
      expect((await fromNewIp(url, { email, code: `geraten-${attempt}` })).statusCode).toBe(400);
    }
    expectRateLimited(await fromNewIp('/api/auth/registration/check-code', { email, code: 'geraten' }), 15 * MINUTE);
    expectRateLimited(
      await fromNewIp('/api/auth/reset-password', { email, code: 'geraten', password: TEST_PASSWORD }),
      15 * MINUTE,
    );
    expectRateLimited(
      await fromNewIp('/api/auth/registration/finish', { email, code: 'geraten', password: TEST_PASSWORD }),
      15 * MINUTE,
    );
  });

  it('allows 30 code checks per IP in 15 minutes', async () => {
    const client = browser(app);
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const response = await client.post('/api/auth/reset-password-check-code', { email: uniqueEmail(), code: 'x' });
      expect(response.statusCode).toBe(400);
    }
    expectRateLimited(
      await client.post('/api/auth/registration/check-code', { email: uniqueEmail(), code: 'x' }),
      15 * MINUTE,
    );
  });
});

describe('forgot password', () => {
  it('limits known and unknown e-mails alike: 3 per hour, then 429', async () => {
    const user = await signUp(app);
    for (const email of [user.email, uniqueEmail('unbekannt')]) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await fromNewIp('/api/auth/forgot-password', { email })).statusCode).toBe(200);
      }
      expectRateLimited(await fromNewIp('/api/auth/forgot-password', { email }), HOUR);
    }
    const resetMails = (await storedFor(app, user.email)).mails.filter((mail) => mail.subject.includes('Zurücksetzen'));
    expect(resetMails).toHaveLength(3);
  });

  it('allows 10 requests per IP and hour', async () => {
    const client = browser(app);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await client.post('/api/auth/forgot-password', { email: uniqueEmail() })).statusCode).toBe(200);
    }
    expectRateLimited(await client.post('/api/auth/forgot-password', { email: uniqueEmail() }), HOUR);
  });
});
