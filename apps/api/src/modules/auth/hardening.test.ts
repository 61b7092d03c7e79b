import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, useTestApp } from '../../test/build-test-app.js';
import { browser, signUp, TEST_PASSWORD, uniqueEmail } from '../../test/test-client.js';

const app = useTestApp();

describe('ending a session ends its access token too', () => {
  it('after logout a copied access token is refused at once', async () => {
    const user = await signUp(app);
    const copiedAccess = user.jar.sp_access!;
    expect((await browser(app, { sp_access: copiedAccess }).get('/api/profile')).statusCode).toBe(200);
    await user.get('/api/auth/logout');
    const response = await browser(app, { sp_access: copiedAccess }).get('/api/profile');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ logout: true });
  });

  it('after a password change other devices lose access at once, this one keeps it', async () => {
    const user = await signUp(app);
    const laptop = browser(app);
    await laptop.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const laptopAccess = laptop.jar.sp_access!;
    const changed = await user.post('/api/profile/password', {
      currentPassword: TEST_PASSWORD,
      password: 'Ganz-Neues-Passwort-9',
    });
    expect(changed.statusCode).toBe(204);
    expect((await browser(app, { sp_access: laptopAccess }).get('/api/profile')).statusCode).toBe(401);
    expect((await user.get('/api/profile')).statusCode).toBe(200);
  });
});

describe('logout from another site', () => {
  it('is refused when the browser marks the request cross-site', async () => {
    const user = await signUp(app);
    const response = await user.send({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect((await user.get('/api/profile')).statusCode).toBe(200);
    const own = await user.send({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('changing the password', () => {
  it('limits wrong current passwords per user (429 after 10 in 15 minutes)', async () => {
    const user = await signUp(app);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await user.post('/api/profile/password', {
        currentPassword: `falsch-${attempt}`,
        password: 'Neues-Passwort-1',
      });
      expect(wrong.statusCode).toBe(400);
    }
    const limited = await user.post('/api/profile/password', {
      currentPassword: TEST_PASSWORD,
      password: 'Neues-Passwort-1',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe('client addresses behind proxies', () => {
  async function loginsUntilLimited(target: FastifyInstance, forwardedFor: (attempt: number) => string) {
    const ip = '192.0.2.10';
    for (let attempt = 0; attempt < 35; attempt += 1) {
      const response = await target.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        headers: { 'x-forwarded-for': forwardedFor(attempt) },
        payload: { email: uniqueEmail(), password: 'irgendein-passwort' },
      });
      if (response.statusCode === 429) return attempt;
    }
    return undefined;
  }

  it('ignores X-Forwarded-For by default, so a client cannot escape the per-IP limit', async () => {
    expect(await loginsUntilLimited(app, (attempt) => `203.0.113.${attempt}`)).toBe(30);
  });

  it('uses X-Forwarded-For from a trusted proxy (TRUST_PROXY=1)', async () => {
    const behindProxy = await buildTestApp({ TRUST_PROXY: '1' });
    try {
      expect(await loginsUntilLimited(behindProxy, (attempt) => `203.0.113.${attempt}`)).toBeUndefined();
      expect(await loginsUntilLimited(behindProxy, () => '203.0.113.200')).toBe(30);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('request bodies', () => {
  it('answers text/plain with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.ch',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});
