import { describe, expect, it } from 'vitest';
import { adjustableClock } from '../../test/build-test-app.js';
import { browser, codeFromOutbox, signUp, TEST_PASSWORD, type SignedInUser } from '../../test/test-client.js';
import { onInstance, useTwoInstances } from '../../test/two-instances.js';

// Whether an access token's sign-in is still live is cached per instance (docs/api.md "Sessions,
// roles, protection"). A sign-in ended through instance A must be refused by instance B with B's very
// next request: no waiting and no retry here.
const clockA = adjustableClock();
const instances = useTwoInstances({ a: clockA });

const notSignedIn = {
  error: 'Sie sind nicht angemeldet. Bitte melden Sie sich an.',
  code: 'UNAUTHENTICATED',
  logout: true,
};

/** Only the access token of a browser, sent to B (which has checked it once, so its cache knows it). */
async function accessTokenOnB(user: SignedInUser) {
  const client = browser(instances.b, { sp_access: user.jar.sp_access! });
  expect((await client.get('/api/profile')).statusCode).toBe(200);
  return client;
}

async function expectRefused(client: ReturnType<typeof browser>) {
  const response = await client.get('/api/profile');
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual(notSignedIn);
}

describe('a sign-in ended on instance A is refused by instance B at once', () => {
  it('after logout', async () => {
    const user = await signUp(instances.a);
    const onB = await accessTokenOnB(user);
    expect((await user.get('/api/auth/logout')).statusCode).toBe(200);
    await expectRefused(onB);
  });

  it('after a password change, for every other sign-in; the changing browser stays signed in on B', async () => {
    const user = await signUp(instances.a);
    const laptop = browser(instances.a);
    expect((await laptop.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    const laptopOnB = await accessTokenOnB({ ...user, jar: laptop.jar });
    const userOnB = onInstance(instances.b, user);
    expect((await userOnB.get('/api/profile')).statusCode).toBe(200);

    const changed = await user.post('/api/profile/password', {
      currentPassword: TEST_PASSWORD,
      password: 'Neues-Passwort-2026',
    });
    expect(changed.statusCode).toBe(204);
    await expectRefused(laptopOnB);
    expect((await userOnB.get('/api/profile')).statusCode).toBe(200);
  });

  it('after a password reset, for every sign-in', async () => {
    const user = await signUp(instances.a);
    const onB = await accessTokenOnB(user);
    const client = browser(instances.a);
    expect((await client.post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    const code = await codeFromOutbox(instances.a, user.email);
    const reset = await client.post('/api/auth/reset-password', {
      email: user.email,
      code,
      password: 'Neues-Passwort-2026',
    });
    expect(reset.statusCode).toBe(200);
    await expectRefused(onB);
  });

  it('after a copied refresh token was used again (reuse detection ends the whole sign-in)', async () => {
    const user = await signUp(instances.a);
    const onB = await accessTokenOnB(user);
    const copied = user.jar.sp_refresh!;
    expect((await browser(instances.a, { sp_refresh: copied }).get('/api/access-token')).statusCode).toBe(204);
    // Past the 30 s grace for parallel requests: the rotated token used again means it was copied.
    clockA.advance(31_000);
    const reused = await browser(instances.a, { sp_refresh: copied }).get('/api/access-token');
    expect(reused.statusCode).toBe(401);
    await expectRefused(onB);
  });
});
