import {
  cycleLabels,
  formatAmount,
  formatDate,
  vatMethodLabels,
  type Cycle,
  type LeverView,
  type LoanCycle,
} from '@saldopilot/shared';

/**
 * The German sentence of a lever card (docs/scenarios.md "The web"): when, what, how much, e.g.
 * "Ab 01.03.2027: Neue Stelle «Entwicklerin», CHF 8'500 × 13 inkl. Sozialleistungen". The names of
 * the rows a lever targets come from `names`; a row that is not there reads "(unbekannt)".
 */
export interface LeverNames {
  currency: (id: number) => string | undefined;
  category: (id: number) => string | undefined;
  transaction: (id: number) => string | undefined;
  employee: (id: number) => string | undefined;
}

const UNKNOWN = '(unbekannt)';
/** A date of a sentence: dd.mm.yyyy, or "?" where a lever holds none. */
const day = (date: string | undefined) => (date ? formatDate(date) : '?');
const quoted = (name: string | undefined) => `«${name ?? UNKNOWN}»`;

/** "CHF 8'500" for whole francs, "CHF 8'500.50" otherwise: the short amount of a sentence. */
export function shortAmount(cents: number, currency: string | undefined): string {
  const number = formatAmount(cents).replace(/\.00$/, '');
  return currency ? `${currency} ${number}` : number;
}

function signed(cents: number, currency: string | undefined): string {
  return `${cents > 0 ? '+' : ''}${shortAmount(cents, currency)}`;
}

/** "+10 %", "−5.5 %": a change in percent with its sign (the typographic minus, as de-CH prints it). */
export function signedPercent(percent: number): string {
  const text = `${Math.abs(percent)}`;
  return `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${text} %`;
}

const cycleText = (cycle: Cycle | null | undefined) => (cycle ? cycleLabels[cycle].toLowerCase() : 'einmalig');

const loanCycleLabels: Record<LoanCycle, string> = {
  monthly: 'monatlich',
  quarterly: 'vierteljährlich',
  halfYearly: 'halbjährlich',
  yearly: 'jährlich',
};
export const loanCycleChoices = (Object.keys(loanCycleLabels) as LoanCycle[]).map((value) => ({
  value,
  label: loanCycleLabels[value].charAt(0).toUpperCase() + loanCycleLabels[value].slice(1),
}));

const sideTexts = { revenue: 'aller Einnahmen', expense: 'aller Ausgaben' } as const;
const sideNames = { revenue: 'Alle Einnahmen', expense: 'Alle Ausgaben' } as const;

function target(
  lever: {
    transactionId?: number | undefined;
    categoryId?: number | undefined;
    side?: 'revenue' | 'expense' | undefined;
  },
  names: LeverNames,
  { genitive }: { genitive: boolean },
): string {
  if (lever.transactionId !== undefined) return quoted(names.transaction(lever.transactionId));
  if (lever.categoryId !== undefined)
    return `${genitive ? 'der Kategorie' : 'Kategorie'} ${quoted(names.category(lever.categoryId))}`;
  if (lever.side) return genitive ? sideTexts[lever.side] : sideNames[lever.side];
  return UNKNOWN;
}

export function leverSummary(lever: LeverView, names: LeverNames): string {
  switch (lever.type) {
    case 'transaction': {
      if (lever.action === 'add') {
        const currency = lever.currencyId === undefined ? undefined : names.currency(lever.currencyId);
        const when = lever.cycle ? 'Ab' : 'Am';
        return `${when} ${day(lever.startDate)}: Neue Transaktion ${quoted(lever.name)}, ${signed(lever.amount ?? 0, currency)} ${cycleText(lever.cycle)}`;
      }
      const name = quoted(lever.transactionId === undefined ? undefined : names.transaction(lever.transactionId));
      const from = day(lever.from);
      if (lever.action === 'stop') return `Ab ${from}: ${name} gestoppt`;
      const changes: string[] = [];
      if (lever.amount !== undefined) changes.push(`Betrag ${signed(lever.amount, undefined)}`);
      if (lever.cycle !== undefined) changes.push(`Zyklus ${cycleText(lever.cycle)}`);
      if (lever.endDate !== undefined) changes.push(lever.endDate ? `Ende ${day(lever.endDate)}` : 'ohne Ende');
      return `Ab ${from}: ${name} geändert (${changes.join(', ')})`;
    }
    case 'customer': {
      const from = day(lever.from);
      if (lever.action === 'lose') return `Ab ${from}: Kunde verloren, ${target(lever, names, { genitive: false })}`;
      const currency = lever.currencyId === undefined ? undefined : names.currency(lever.currencyId);
      return `Ab ${from}: Neuer Kunde ${quoted(lever.name)}, ${shortAmount(lever.amount ?? 0, currency)} ${cycleText(lever.cycle)}`;
    }
    case 'delay':
      return `Ab ${day(lever.from)}: Zahlungen ${target(lever, names, { genitive: true })} ${lever.days} ${lever.days === 1 ? 'Tag' : 'Tage'} später`;
    case 'percentage': {
      const period = lever.to ? `${day(lever.from)} – ${day(lever.to)}` : `Ab ${day(lever.from)}`;
      return `${period}: ${target(lever, names, { genitive: false })} ${signedPercent(lever.percent)}`;
    }
    case 'hire': {
      const currency = names.currency(lever.currencyId);
      const salary =
        lever.salary === null
          ? 'Lohn verborgen'
          : lever.basis === 'hourly'
            ? `${shortAmount(lever.salary, currency)} pro Stunde × ${lever.hoursPerMonth ?? 0} Std.`
            : shortAmount(lever.salary, currency);
      const until = lever.to ? ` bis ${day(lever.to)}` : '';
      return `Ab ${day(lever.from)}${until}: Neue Stelle ${quoted(lever.name)}, ${salary} × ${lever.payments} inkl. Sozialleistungen`;
    }
    case 'leave':
      return `Am ${day(lever.date)}: Austritt ${quoted(names.employee(lever.employeeId))}`;
    case 'raise': {
      const who = lever.employeeId == null ? 'aller Mitarbeitenden' : `von ${quoted(names.employee(lever.employeeId))}`;
      const change =
        lever.percent !== undefined
          ? signedPercent(lever.percent)
          : lever.amount == null
            ? 'Betrag verborgen'
            : signed(lever.amount, undefined);
      return `Ab ${day(lever.from)}: Lohn ${who} ${change}`;
    }
    case 'loan': {
      const currency = names.currency(lever.currencyId);
      const kind = lever.repayment === 'annuity' ? 'Annuität' : 'lineare Amortisation';
      const interestOnly = lever.interestOnlyPayments ? `, zuerst ${lever.interestOnlyPayments} nur Zins` : '';
      return `Am ${day(lever.date)}: Darlehen ${quoted(lever.name)} ${shortAmount(lever.amount, currency)} zu ${lever.ratePercent} %, ${kind}, ${lever.payments} Raten ${loanCycleLabels[lever.cycle]}${interestOnly}`;
    }
    case 'vat': {
      const setting = lever.setting;
      // The calendar takes effect on the first 1 January on or after the date (docs/scenarios.md "Payment calendar").
      const year = Number(lever.from.slice(0, 4)) + (lever.from.endsWith('-01-01') ? 0 : 1);
      const calendar = lever.paymentCalendar === undefined ? '' : `; Zahlungskalender ab 01.01.${year}`;
      if (!setting.enabled) return `Ab ${day(lever.from)}: ohne automatische MWST-Abrechnung${calendar}`;
      const method = vatMethodLabels[setting.method ?? 'effective'];
      return `Ab ${day(lever.from)}: MWST-Abrechnung ${method}, ${cycleLabels[setting.interval].toLowerCase()}${calendar}`;
    }
    case 'oneOff':
      return `Am ${day(lever.date)}: Einmalige Zahlung ${quoted(lever.name)}, ${signed(lever.amount, names.currency(lever.currencyId))}`;
  }
}
