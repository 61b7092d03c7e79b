import { describe, expect, it } from 'vitest';
import { buildTestApp, useTestApp } from '../test/build-test-app.js';
import { browser } from '../test/test-client.js';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoAccount } from './demo-seed.js';

const app = useTestApp({ NODE_ENV: 'development' });

describe('development demo account', () => {
  it('exists on a development server and signs in with its documented password', async () => {
    const response = await browser(app).post('/api/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: DEMO_EMAIL, name: 'Demo Benutzer', currency: { code: 'CHF' } });
  });

  it('is seeded once however often the server starts', async () => {
    await seedDemoAccount(app.deps.database.db);
    const organisations = await browser(app).post('/api/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(organisations.statusCode).toBe(200);
  });

  it('does not exist outside development', async () => {
    const testServer = await buildTestApp();
    try {
      const response = await browser(testServer).post('/api/auth/login', {
        email: DEMO_EMAIL,
        password: DEMO_PASSWORD,
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await testServer.close();
    }
  });
});
