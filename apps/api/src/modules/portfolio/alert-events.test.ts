import { describe, expect, it } from 'vitest';
import type { AlertSettings, PortfolioRow } from '@saldopilot/shared';
import { alertEventsOf } from './alert-events.js';

// docs/cockpit.md "Alerts": the rule of each kind, on hand-made rows (synthetic figures).

const today = '2026-11-21';
const row: PortfolioRow = {
  organisationId: 7,
  name: 'Velo Frei GmbH',
  role: 'owner',
  currency: 'CHF',
  minimumBalance: 500_000,
  shortfallMonth: null,
  lowest: { month: '2026-11', saldo: 900_000 },
  coveredUntil: null,
  bankBalance: 900_000,
  oldestBalanceDate: '2026-11-21',
  balanceStale: false,
  updating: false,
  unmatchedEntries: 0,
  overdue: { count: 0, total: 0 },
  payments: [],
};
const off: AlertSettings = {
  shortfall: false,
  staleDays: null,
  unmatchedAbove: null,
  paymentAbove: null,
  paymentWithinDays: null,
};

describe('alertEventsOf', () => {
  it('tells a shortfall when it appears or moves earlier, not when it moves later or stays', () => {
    const settings = { ...off, shortfall: true };
    const march = { ...row, shortfallMonth: '2027-03', lowest: { month: '2027-05', saldo: -120_000 } };
    const first = alertEventsOf(march, settings, new Map(), today);
    expect(first.events).toEqual([
      {
        kind: 'shortfall',
        stateKey: '2027-03',
        message:
          "«Velo Frei GmbH»: Im März 2027 fällt der Saldo unter die Mindestliquidität von 5'000.00 CHF " +
          "(tiefster Saldo -1'200.00 CHF im Mai 2027).",
      },
    ]);
    expect(first.states.get('shortfall')).toBe('2027-03');
    expect(alertEventsOf(march, settings, first.states, today).events).toEqual([]);
    const later = alertEventsOf({ ...march, shortfallMonth: '2027-06' }, settings, first.states, today);
    expect(later.events).toEqual([]);
    expect(later.states.get('shortfall')).toBe('2027-06');
    const earlier = alertEventsOf({ ...march, shortfallMonth: '2027-01' }, settings, first.states, today);
    expect(earlier.events.map((event) => event.stateKey)).toEqual(['2027-01']);
    // Gone, then back: it appears again.
    const gone = alertEventsOf(row, settings, earlier.states, today);
    expect(gone.states.get('shortfall')).toBe('');
    expect(alertEventsOf(march, settings, gone.states, today).events).toHaveLength(1);
    // Switched off: nothing.
    expect(alertEventsOf(march, off, new Map(), today).events).toEqual([]);
  });

  it('tells more open entries than set when the count crosses the limit, once', () => {
    const settings = { ...off, unmatchedAbove: 5 };
    expect(alertEventsOf({ ...row, unmatchedEntries: 5 }, settings, new Map(), today).events).toEqual([]);
    const six = alertEventsOf({ ...row, unmatchedEntries: 6 }, settings, new Map(), today);
    expect(six.events.map((event) => event.message)).toEqual([
      '«Velo Frei GmbH»: 6 Bankbuchungen sind keiner geplanten Zahlung zugeordnet (mehr als 5).',
    ]);
    expect(alertEventsOf({ ...row, unmatchedEntries: 9 }, settings, six.states, today).events).toEqual([]);
  });

  it('tells a balance older than the days set once per oldest date; exactly the days is not older', () => {
    const settings = { ...off, staleDays: 10 };
    expect(alertEventsOf({ ...row, oldestBalanceDate: '2026-11-11' }, settings, new Map(), today).events).toEqual([]);
    const old = alertEventsOf({ ...row, oldestBalanceDate: '2026-11-10' }, settings, new Map(), today);
    expect(old.events.map((event) => event.stateKey)).toEqual(['2026-11-10']);
    expect(alertEventsOf({ ...row, oldestBalanceDate: '2026-11-10' }, settings, old.states, today).events).toEqual([]);
  });

  it('tells each payment above the amount due within the days', () => {
    const settings = { ...off, paymentAbove: 500_000, paymentWithinDays: 10 };
    const payments = [
      { kind: 'vat_settlement' as const, name: 'MWST-Abrechnung', dueDate: '2026-11-30', amount: -750_000 },
      // Exactly the amount: not above.
      { kind: 'salary_cost_labels' as const, name: 'AHV/IV/EO', dueDate: '2026-11-30', amount: -500_000 },
      // Past the 10 days (01.12.2026 is the last).
      { kind: 'salary_cost_labels' as const, name: 'BVG', dueDate: '2026-12-02', amount: -900_000 },
    ];
    expect(alertEventsOf({ ...row, payments }, settings, new Map(), today).events).toEqual([
      {
        kind: 'payment',
        stateKey: 'vat_settlement|MWST-Abrechnung|2026-11-30',
        message: "«Velo Frei GmbH»: MWST-Abrechnung über 7'500.00 CHF ist am 30.11.2026 fällig.",
      },
    ]);
  });
});
