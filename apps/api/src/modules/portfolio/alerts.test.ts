import { describe, expect, it } from 'vitest';
import type { AlertList, AlertSettings } from '@saldopilot/shared';
import { useTestApp } from '../../test/build-test-app.js';
import { aBankAccount } from '../../test/factories.js';
import { addMember, twoTenants } from '../../test/tenants.js';
import { browser, type SignedInUser } from '../../test/test-client.js';

// docs/cockpit.md "Alerts". Today of the test app is 2026-11-21; organisations and amounts are synthetic.

const app = useTestApp();

const shortfallOnly: AlertSettings = {
  shortfall: true,
  staleDays: null,
  unmatchedAbove: null,
  paymentAbove: null,
  paymentWithinDays: null,
};

async function mailsTo(email: string) {
  await app.deps.alerts.settled();
  await app.deps.mailer.deliverDue();
  return (await app.deps.mailer.recentMails()).filter((mail) => mail.to === email && mail.subject.includes('Hinweis'));
}

async function hintsOf(user: SignedInUser): Promise<AlertList> {
  const response = await user.get('/api/alerts');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AlertList>();
}

describe('alerts (docs/cockpit.md "Alerts")', () => {
  it('tells a shortfall once per state, and only to the watchers of that organisation (moving earlier: alert-events.test.ts)', async () => {
    const { a, b } = await twoTenants(app);
    const organisation = a.user.currentOrganisationId;
    const account = await aBankAccount(a, { amount: 1_000_000, balanceDate: '2026-11-21' });
    await aBankAccount(b, { amount: 100, balanceDate: '2026-11-21' });
    expect((await a.patch('/api/alerts/settings', shortfallOnly)).statusCode).toBe(200);
    expect((await b.patch('/api/alerts/settings', shortfallOnly)).statusCode).toBe(200);
    expect(await mailsTo(a.email)).toEqual([]);

    // A minimum of 20'000.00 above the 10'000.00 of every month: short from November on.
    await a.patch(`/api/organisations/${organisation}`, { minimumBalance: 2_000_000 });
    const mails = await mailsTo(a.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('SaldoPilot-Hinweis: Meine Organisation');
    expect(mails[0]?.text).toContain(
      "«Meine Organisation»: Im November 2026 fällt der Saldo unter die Mindestliquidität von 20'000.00 CHF",
    );
    // The link switches to that organisation and opens its Prognose (overview-loader.ts in the web).
    expect(mails[0]?.text).toContain(`/overview?org=${organisation}`);
    expect(mails[0]?.html).toContain(`/overview?org=${organisation}`);
    // Another write that leaves the shortfall where it is tells nothing more; nor does the daily run.
    await a.patch(`/api/bank-accounts/${account.id}`, { amount: 1_500_000 });
    expect(await app.deps.alerts.evaluateAll()).toBe(0);
    expect(await mailsTo(a.email)).toHaveLength(1);
    // B's organisation is not short, and B hears nothing of A's.
    expect(await mailsTo(b.email)).toEqual([]);
    expect((await hintsOf(b)).data).toEqual([]);

    const hints = await hintsOf(a);
    expect(hints.unread).toBe(1);
    expect(hints.data).toMatchObject([{ organisationId: organisation, kind: 'shortfall', read: false }]);
    const id = hints.data[0]?.id as number;
    expect((await a.patch(`/api/alerts/${id}`, { read: true })).statusCode).toBe(204);
    expect(await hintsOf(a)).toMatchObject({ unread: 0, data: [{ id, read: true }] });
    // Another user's "Hinweis" is a 404.
    expect((await b.patch(`/api/alerts/${id}`, { read: true })).statusCode).toBe(404);
    expect((await browser(app).get('/api/alerts')).statusCode).toBe(401);
  });

  it('tells a stale balance once (the other kinds: alert-events.test.ts)', async () => {
    const { a } = await twoTenants(app);
    await aBankAccount(a, { amount: 10_000_000, balanceDate: '2026-11-01' });
    const settings: AlertSettings = {
      shortfall: true,
      staleDays: 14,
      unmatchedAbove: null,
      paymentAbove: null,
      paymentWithinDays: null,
    };
    expect((await a.patch('/api/alerts/settings', settings)).json()).toEqual(settings);
    expect((await a.get('/api/alerts/settings')).json()).toEqual(settings);
    const mails = await mailsTo(a.email);
    expect(mails.map((mail) => mail.text.split('\n')[0])).toEqual([
      '«Meine Organisation»: Der älteste Kontosaldo ist per 01.11.2026, älter als 14 Tage.',
    ]);
    expect(await app.deps.alerts.evaluateAll()).toBe(0);
  });

  it('refuses incomplete or out-of-range settings in German, storing nothing', async () => {
    const { a } = await twoTenants(app);
    const response = await a.patch('/api/alerts/settings', { ...shortfallOnly, paymentAbove: 100_000 });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      paymentWithinDays: 'Betrag und Tage gehören zusammen: beide angeben oder beide leer lassen',
    });
    const days = await a.patch('/api/alerts/settings', { ...shortfallOnly, staleDays: 0 });
    expect(days.json().fields).toEqual({ staleDays: 'Die Anzahl Tage muss eine ganze Zahl von 1 bis 365 sein' });
    expect((await a.get('/api/alerts/settings')).json()).toEqual(shortfallOnly);
  });

  it('lets a read-only member watch and be told', async () => {
    const { a } = await twoTenants(app);
    const reader = await addMember(app, a, a.user.currentOrganisationId, 'read-only');
    await reader.patch('/api/profile/organisation', { organisationId: a.user.currentOrganisationId });
    expect((await reader.patch('/api/alerts/settings', shortfallOnly)).statusCode).toBe(200);
    await a.patch(`/api/organisations/${a.user.currentOrganisationId}`, { minimumBalance: 100 });
    expect(await mailsTo(reader.email)).toHaveLength(1);
  });
});
