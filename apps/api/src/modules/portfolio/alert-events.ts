import {
  addDays,
  formatAmount,
  formatDate,
  formatMonthLabel,
  type AlertKind,
  type AlertSettings,
  type PortfolioRow,
} from '@saldopilot/shared';

/** An event to tell: its kind, the key of the state it tells (never twice), and its sentence. */
export interface AlertEvent {
  kind: AlertKind;
  stateKey: string;
  message: string;
}

/**
 * The events of one organisation's row against a user's settings and the states stored at the last
 * evaluation (docs/cockpit.md "Alerts"); answers the events and the states to store. Pure: `today`
 * is a parameter.
 */
export function alertEventsOf(
  row: PortfolioRow,
  settings: AlertSettings,
  previous: ReadonlyMap<string, string>,
  today: string,
): { events: AlertEvent[]; states: Map<AlertKind, string> } {
  const events: AlertEvent[] = [];
  const states = new Map<AlertKind, string>();
  const name = `«${row.name}»`;

  // A shortfall that appears, or moves to an earlier month than the one last seen.
  const shortfall = settings.shortfall ? (row.shortfallMonth ?? '') : '';
  const before = previous.get('shortfall') ?? '';
  if (shortfall !== '' && (before === '' || shortfall < before)) {
    events.push({
      kind: 'shortfall',
      stateKey: shortfall,
      message:
        `${name}: Im ${formatMonthLabel(shortfall)} fällt der Saldo unter die Mindestliquidität von ` +
        `${formatAmount(row.minimumBalance, row.currency)} (tiefster Saldo ${formatAmount(row.lowest.saldo, row.currency)} ` +
        `im ${formatMonthLabel(row.lowest.month)}).`,
    });
  }
  states.set('shortfall', shortfall);

  // A "Stand per" older than the days set: once per oldest date.
  const oldest = row.oldestBalanceDate;
  const stale = settings.staleDays !== null && oldest !== null && oldest < addDays(today, -settings.staleDays);
  if (stale && previous.get('stale') !== oldest) {
    events.push({
      kind: 'stale',
      stateKey: oldest,
      message: `${name}: Der älteste Kontosaldo ist per ${formatDate(oldest)}, älter als ${settings.staleDays} Tage.`,
    });
  }
  states.set('stale', stale ? oldest : '');

  // More open entries than set: when the count crosses the limit.
  const over = settings.unmatchedAbove !== null && row.unmatchedEntries > settings.unmatchedAbove;
  if (over && previous.get('unmatched') !== 'over') {
    events.push({
      kind: 'unmatched',
      stateKey: `${settings.unmatchedAbove}|${row.unmatchedEntries}|${today}`,
      message: `${name}: ${row.unmatchedEntries} Bankbuchungen sind keiner geplanten Zahlung zugeordnet (mehr als ${settings.unmatchedAbove}).`,
    });
  }
  states.set('unmatched', over ? 'over' : '');

  // Each payment above the amount due within the days: once per payment.
  if (settings.paymentAbove !== null && settings.paymentWithinDays !== null) {
    const until = addDays(today, settings.paymentWithinDays);
    for (const payment of row.payments) {
      if (payment.dueDate > until || -payment.amount <= settings.paymentAbove) continue;
      events.push({
        kind: 'payment',
        stateKey: `${payment.kind}|${payment.name}|${payment.dueDate}`,
        message: `${name}: ${payment.name} über ${formatAmount(-payment.amount, row.currency)} ist am ${formatDate(payment.dueDate)} fällig.`,
      });
    }
  }
  return { events, states };
}
