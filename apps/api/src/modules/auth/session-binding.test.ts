import { describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { useTestApp } from '../../test/build-test-app.js';
import { browser, signUp } from '../../test/test-client.js';

const app = useTestApp();

/** A token signed with the server's own key, as whoever holds that key could make one. */
async function forgeAccessToken(userId: number, signInId: string): Promise<string> {
  const now = Math.floor(app.deps.clock.now().getTime() / 1000);
  return new SignJWT({ sid: signInId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(new TextEncoder().encode(app.deps.config.JWT_SECRET));
}

describe("an access token's sign-in belongs to its user", () => {
  it("refuses a token that pairs one's own live sign-in with another user's id", async () => {
    const [mallory, victim] = await Promise.all([signUp(app), signUp(app)]);
    const ownSignIn = decodeJwt(mallory.jar.sp_access!).sid as string;
    const forged = await forgeAccessToken(victim.user.id, ownSignIn);
    const response = await browser(app, { sp_access: forged }).get('/api/profile');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED', logout: true });
  });

  it('still accepts a token the server signed for the same user and sign-in', async () => {
    const user = await signUp(app);
    const signIn = decodeJwt(user.jar.sp_access!).sid as string;
    const response = await browser(app, { sp_access: await forgeAccessToken(user.user.id, signIn) }).get(
      '/api/profile',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.user.id });
  });
});
