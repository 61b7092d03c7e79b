import { describe, expect, it } from 'vitest';
import {
  apiTokens,
  idempotencyKeys,
  mails,
  oauthCodes,
  oauthTokens,
  rateLimitHits,
  refreshTokens,
  verificationCodes,
} from '../db/schema/index.js';
import { anApiToken } from '../test/bearer-client.js';
import { aConnection } from '../test/oauth-client.js';
import { adjustableClock, useTestApp } from '../test/build-test-app.js';
import { browser, signUp } from '../test/test-client.js';
import { deleteExpiredRows } from './cleanup.js';

const DAY_MS = 86_400_000;
const clock = adjustableClock();
// The rate limits in the database, not in Redis (where they expire by themselves).
const app = useTestApp({ REDIS_URL: '' }, { clock });

async function counts() {
  const { db } = app.deps.database;
  return {
    rateLimits: await db.$count(rateLimitHits),
    codes: await db.$count(verificationCodes),
    refreshTokens: await db.$count(refreshTokens),
    idempotencyKeys: await db.$count(idempotencyKeys),
    mails: await db.$count(mails),
  };
}

const cleanUp = () => deleteExpiredRows(app.deps.database.db, clock.now());

describe('the hourly cleanup', () => {
  it('deletes each kind of row once it has run out, and nothing that still lives', async () => {
    const user = await signUp(app);
    await browser(app).post('/api/auth/login', { email: user.email, password: 'falsch-falsch' });
    await user.send({
      method: 'POST',
      url: '/api/organisations',
      payload: { name: 'Aufgeräumt AG', currencyId: app.deps.reference.baseCurrency().id },
      headers: { 'idempotency-key': 'cleanup-1' },
    });
    const fresh = await counts();
    expect(Object.values(fresh).every((count) => count > 0)).toBe(true);

    await cleanUp();
    expect(await counts()).toEqual(fresh);

    // A day later: limits, codes and idempotency answers have run out; sessions and mails stay.
    clock.advance(DAY_MS + 60_000);
    await cleanUp();
    expect(await counts()).toEqual({ ...fresh, rateLimits: 0, codes: 0, idempotencyKeys: 0 });

    // A month later the mails go; the 90-day refresh tokens (rotated ones too) only after those 90 days.
    clock.advance(30 * DAY_MS);
    await cleanUp();
    expect(await counts()).toMatchObject({ mails: 0, refreshTokens: fresh.refreshTokens });
    clock.advance(60 * DAY_MS);
    await cleanUp();
    expect(await counts()).toMatchObject({ refreshTokens: 0 });
  });
});

describe('the hourly cleanup of access', () => {
  it("deletes assistants' codes and tokens once run out, and API tokens a month after their last day", async () => {
    const user = await signUp(app);
    await anApiToken(user, ['data:read'], { expiresInDays: 7 });
    await aConnection(app, user);
    const { db } = app.deps.database;
    const accessCounts = async () => ({
      apiTokens: await db.$count(apiTokens),
      codes: await db.$count(oauthCodes),
      tokens: await db.$count(oauthTokens),
    });
    expect(await accessCounts()).toEqual({ apiTokens: 1, codes: 1, tokens: 2 });
    // Two hours on: the used code and the hour's access token are gone, the refresh token lives.
    clock.advance(2 * 3_600_000);
    await cleanUp();
    expect(await accessCounts()).toEqual({ apiTokens: 1, codes: 0, tokens: 1 });
    // The API token ran out after 7 days and stays listed a month longer; the refresh token lives 30 days.
    clock.advance(31 * DAY_MS);
    await cleanUp();
    expect(await accessCounts()).toEqual({ apiTokens: 1, codes: 0, tokens: 0 });
    clock.advance(7 * DAY_MS);
    await cleanUp();
    expect(await accessCounts()).toEqual({ apiTokens: 0, codes: 0, tokens: 0 });
  });
});
