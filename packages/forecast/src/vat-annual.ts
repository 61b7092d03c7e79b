/**
 * Annual VAT settlement (docs/vat.md "Annual settlement (Art. 86a)"): a yearly filer pays
 * instalments of the previous year's tax — ¼ on the 150th, 240th and 330th day of the year with the
 * effective method, ½ on the 240th with the net tax rate method — and the balance (the year's tax
 * less the instalments) with the return by the end of February of the next year; a negative balance
 * is paid back. The previous year's tax is the one entered (`previousYearTax`), else the plan's tax
 * of the year itself, marked "geschätzt"; the instalments of a later year are the plan's tax of the
 * year before it. The year is the calendar year, whatever the billing date.
 */

import { addDays, roundHalfAwayFromZero, VAT_ANNUAL_INSTALMENT_DAYS, VAT_SETTLEMENT_NAME } from '@saldopilot/shared';
import { daysOfMonthIndex, parseDay, type Horizon } from './horizon.js';
import type { Ledger } from './ledger.js';
import { addLeafNote, leafNoteKey, monthKeyOf, moneyText, type NotesSink } from './leaf-notes.js';
import { applyPerformance } from './performance.js';
import type { ForecastVatSetting } from './types.js';
import { clearVatLeaves, netTaxOf, type VatCollector, type VatParts } from './vat-settlement.js';

/** The leaf of the n-th instalment (1-based) of `count`, "(geschätzt)" when estimated. */
export function instalmentName(index: number, count: number, estimated: boolean): string {
  return `MWST-Rate ${index}/${count}${estimated ? ' (geschätzt)' : ''}`;
}

/** Leaf ids of the instalments (the balance is the settlement's leaf, id 0): 1–3, estimated 11–13. */
function instalmentId(index: number, estimated: boolean): number {
  return (estimated ? 10 : 0) + index;
}

/**
 * "1/4 der MWST 2025 80'000.00 CHF (eingegeben) = 20'000.00 CHF, fällig am 2026-05-30": how an
 * instalment was computed (docs/payment-calendar.md "Explanations").
 */
function instalmentExplanation(
  share: number,
  basis: { amount: number; year: number; entered: boolean },
  instalment: number,
  due: string,
  currency: string,
): string {
  const source = basis.entered
    ? `der MWST ${basis.year} ${moneyText(basis.amount, currency)} (eingegeben)`
    : `der geplanten MWST ${basis.year} ${moneyText(basis.amount, currency)}`;
  return `1/${share} ${source} = ${moneyText(instalment, currency)}, fällig am ${due}`;
}

interface NetRates {
  netTaxRate: number;
  netTaxRate2: number | null;
  netTaxRate2Share: number | null;
}

/**
 * The years an annual setting settles when a scenario's VAT switch limits it (docs/scenarios.md "VAT
 * switch"): from `firstYear` (its instalments from `previousYearTax` when entered) to `lastYear`.
 */
export interface AnnualYears {
  firstYear?: number;
  lastYear?: number;
}

/**
 * The collector of an annual setting: it collects the calendar years from the one before the first
 * month to the one of the last month, and settles instalments and balances in the horizon (only
 * the `years` given, when a VAT switch limits them).
 */
export function createAnnualVatCollector(
  setting: ForecastVatSetting,
  horizon: Horizon,
  rates: NetRates | null,
  years: AnnualYears = {},
): VatCollector {
  const collectedFrom = Math.floor(horizon.first / 12) - 1;
  const firstYear = Math.max(collectedFrom, years.firstYear ?? collectedFrom);
  const lastYear = Math.min(Math.floor(horizon.last / 12), years.lastYear ?? Number.POSITIVE_INFINITY);
  // From the year before the first settled one: its tax is the basis of that year's instalments.
  const from = Math.max(collectedFrom, firstYear - 1) * 12;
  const to = Math.max(lastYear, firstYear - 1) * 12 + 11;
  const sums = new Float64Array(to - from + 1);
  const inputs = new Float64Array(rates === null ? to - from + 1 : 0);
  const method = rates === null ? 'effective' : 'netTaxRate';
  const days = VAT_ANNUAL_INSTALMENT_DAYS[method];
  // ¼ of the previous year's tax per instalment (effective), ½ with the net tax rate method.
  const share = method === 'effective' ? 4 : 2;
  const currentYear = Math.floor(horizon.first / 12);
  // The year whose instalments come from the entered previous year's tax: the current one, or the
  // first year a switch settles annually.
  const enteredYear = Math.max(currentYear, firstYear);
  const previousYearTax = setting.previousYearTax ?? null;

  /** The year's tax after performance (> 0 owed), with its parts. */
  function taxOf(year: number, performance: number): { tax: number; parts: VatParts } {
    let collected = 0;
    let input = 0;
    for (let month = year * 12; month < year * 12 + 12; month++) {
      collected += sums[month - from] as number;
      if (rates === null) input += inputs[month - from] as number;
    }
    const revenueSide = applyPerformance(collected, performance);
    if (rates === null) return { tax: revenueSide - input, parts: { outputTax: revenueSide, inputTax: input } };
    return {
      tax: netTaxOf(revenueSide, rates.netTaxRate, rates.netTaxRate2, rates.netTaxRate2Share),
      parts: {
        grossRevenue: revenueSide,
        netTaxRate: rates.netTaxRate,
        ...(rates.netTaxRate2 !== null && {
          netTaxRate2: rates.netTaxRate2,
          netTaxRate2Share: rates.netTaxRate2Share as number,
        }),
      },
    };
  }

  return {
    from,
    to,
    addRevenue(monthIndex, gross, tax) {
      sums[monthIndex - from] = (sums[monthIndex - from] as number) + (rates === null ? tax : gross);
    },
    addInput(monthIndex, amount) {
      if (rates === null) inputs[monthIndex - from] = (inputs[monthIndex - from] as number) + amount;
    },
    settle(ledger: Ledger, performance: number, until = horizon.last, sink?: NotesSink, keepWritten = false) {
      const parts = new Map<number, VatParts>();
      if (!keepWritten) clearVatLeaves(ledger);
      const pay = (id: number, name: string, monthIndex: number, paid: number, dueDate: string) => {
        if (paid === 0 || monthIndex < horizon.first || monthIndex > until) return false;
        // Strictly after today: a payment due today is taken as made (docs/vat.md "Payment (paymentTerm)").
        if (dueDate <= horizon.todayDate) return false;
        const slot = ledger.open('vat_settlement', id, name, VAT_SETTLEMENT_NAME);
        ledger.add(slot, monthIndex - horizon.first, -paid);
        return true;
      };
      for (let year = firstYear; year <= lastYear; year++) {
        const { tax, parts: yearParts } = taxOf(year, performance);
        // The instalments' basis: the previous year's tax.
        let basis: number;
        let estimated: boolean;
        let basisYear = year - 1;
        if (year === enteredYear && previousYearTax !== null) [basis, estimated] = [previousYearTax, false];
        else if (year > currentYear) [basis, estimated] = [taxOf(year - 1, performance).tax, true];
        // The current year without an entry, and the year before it (whose basis the plan does not
        // know): the year's own tax.
        else [basis, estimated, basisYear] = [tax, year >= currentYear, year];
        const entered = year === enteredYear && previousYearTax !== null;
        const instalment = Math.max(0, roundHalfAwayFromZero(basis / share));
        days.forEach((day, index) => {
          const due = addDays(`${String(year).padStart(4, '0')}-01-01`, day - 1);
          const name = instalmentName(index + 1, days.length, estimated);
          const id = instalmentId(index + 1, estimated);
          const monthIndex = parseDay(due).monthIndex;
          if (pay(id, name, monthIndex, instalment, due) && sink !== undefined) {
            addLeafNote(sink.notes, leafNoteKey('vat_settlement', id, monthKeyOf(monthIndex)), {
              explanation: instalmentExplanation(
                share,
                { amount: basis, year: basisYear, entered },
                instalment,
                due,
                sink.currency,
              ),
            });
          }
        });
        // The balance with the return, by the end of February of the next year.
        const february = (year + 1) * 12 + 1;
        const dueDate = `${String(year + 1).padStart(4, '0')}-02-${String(daysOfMonthIndex(february)).padStart(2, '0')}`;
        if (pay(0, VAT_SETTLEMENT_NAME, february, tax - instalment * days.length, dueDate)) {
          parts.set(february - horizon.first, yearParts);
        }
      }
      return parts;
    },
  };
}
