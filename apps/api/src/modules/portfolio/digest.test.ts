import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustableClock } from '../../test/build-test-app.js';
import { signUp } from '../../test/test-client.js';
import { openTwoInstances } from '../../test/two-instances.js';
import { digestLines } from './digest.service.js';

// docs/cockpit.md "Weekly digest". Monday 2026-11-23, noon in Zurich; organisations are synthetic.

let instances: Awaited<ReturnType<typeof openTwoInstances>>;
const monday = { a: adjustableClock('2026-11-23'), b: adjustableClock('2026-11-23') };

beforeAll(async () => {
  instances = await openTwoInstances(monday);
});
afterAll(async () => instances?.close());

async function digestsTo(email: string) {
  await instances.a.deps.mailer.deliverDue();
  return (await instances.a.deps.mailer.recentMails()).filter(
    (mail) => mail.to === email && mail.subject === 'SaldoPilot: Ihre Mandanten diese Woche',
  );
}

describe('the weekly digest', () => {
  it('goes out once per subscriber and week across two instances, to subscribers only', async () => {
    const { a, b } = instances;
    const wants = await signUp(a);
    const other = await signUp(b);
    expect((await wants.patch('/api/alerts/digest', { weekly: true })).json()).toEqual({ weekly: true });
    expect((await wants.get('/api/alerts/digest')).json()).toEqual({ weekly: true });
    expect((await other.get('/api/alerts/digest')).json()).toEqual({ weekly: false });

    const sent = await Promise.all([a.deps.digest.sendDue(), b.deps.digest.sendDue()]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(await a.deps.digest.sendDue()).toBe(0);
    const mails = await digestsTo(wants.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Meine Organisation: keine Unterschreitung');
    expect(mails[0]?.text).toContain('/overview');
    expect(await digestsTo(other.email)).toEqual([]);
  });

  it('is not sent on a Sunday, and names what changed since last week', async () => {
    const sunday = await openTwoInstances({ a: adjustableClock('2026-11-22'), b: adjustableClock('2026-11-22') });
    try {
      const user = await signUp(sunday.a);
      await user.patch('/api/alerts/digest', { weekly: true });
      expect(await sunday.a.deps.digest.sendDue()).toBe(0);
    } finally {
      await sunday.close();
    }
    const rows = [
      { organisationId: 1, name: 'Alpha AG', shortfallMonth: '2026-12' },
      { organisationId: 2, name: 'Beta GmbH', shortfallMonth: null },
      { organisationId: 3, name: 'Gamma SA', shortfallMonth: null },
    ];
    expect(digestLines(rows, { 1: '2027-02', 2: null })).toEqual({
      lines: [
        'Alpha AG: Unterschreitung ab Dezember 2026',
        'Beta GmbH: keine Unterschreitung',
        'Gamma SA: keine Unterschreitung',
      ],
      changes: ['Alpha AG: Februar 2027 → Dezember 2026', 'Gamma SA: neu in der Übersicht'],
    });
  });
});
