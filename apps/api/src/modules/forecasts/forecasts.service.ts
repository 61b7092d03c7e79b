import {
  CELL_EXCLUDED,
  CELL_REVENUE,
  CELL_THIRTEENTH,
  compareNames,
  ForecastModel,
  isCalendarLeaf,
  leafNoteKey,
  vatLimitsApply,
  vatLimitWarnings,
  changesBetween,
  recordChanges,
  leverOfId,
  mergeRanges,
  type CoverageRange,
  type ForecastCategory,
  type ForecastCoverage,
  type ForecastInput,
  type ForecastLeaf,
  type ForecastResult,
  type ForecastSalary,
  type ForecastSalaryCost,
  type ForecastTransaction,
} from '@saldopilot/forecast';
import {
  addMonthsToMonth,
  FORECAST_DEFAULTS,
  FORECAST_LIMITS,
  monthOf,
  PLAN_ACTUAL_LIMITS,
  type Forecast,
  detailColumnsOf,
  type ForecastCategoryNode,
  type ForecastDetailColumns,
  type ForecastDetails,
  type ForecastDetailsQuery,
  type ForecastLeafNode,
  type ForecastQuery,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { RatesService } from '../../lib/rates/rates-service.js';
import type { Tenant } from '../../lib/tenant.js';
import type { ReferenceService } from '../reference/reference.service.js';
import { createForecastCache } from './forecast-cache.js';
import type { ForecastStamps } from './forecast-stamps.js';
import {
  forecastInputNames,
  inputStamps,
  loadForecastData,
  readForecastData,
  type ForecastData,
} from './forecast-inputs.js';
import { dataVersionsOf, dataVersionsOfMany, type PlanState } from './forecasts.repository.js';
import { createCurrentMonthCosts } from './current-month-costs.js';
import { createPastSalaries } from './past-figures.js';
import { withPooledSalaries } from './salary-privacy.js';

/**
 * Brings the stored salary schedules (cost details, employee deductions) of an organisation up to
 * `today` before they are read (the employees area owns the rules; the forecast only asks); true
 * when it had to recompute any.
 */
export type EnsureFreshSchedules = (db: AppDatabase, organisationId: number, today: string) => Promise<boolean>;

export interface ForecastsServiceDeps {
  db: AppDatabase;
  clock: Clock;
  rates: RatesService;
  reference: ReferenceService;
  ensureFreshSchedules: EnsureFreshSchedules;
  /**
   * A scenario of the organisation as its forecast applies it (docs/scenarios.md "Forecast of a
   * scenario"): 404 for one that is not the tenant's. Absent: `?scenario=` is refused as unknown.
   */
  scenarioOverlay?: (tenant: Tenant, scenarioId: number) => Promise<ForecastOverlay>;
  /**
   * The organisation's data versions as the stamps keep them in memory (forecast-stamps.ts), and
   * the announcement of a write that raised them. Absent: read from the database each time.
   */
  versions?: Pick<ForecastStamps, 'versionsOf' | 'written'>;
}

/** What a scenario's forecast is computed with: its key (id and version) and the pure apply step. */
export interface ForecastOverlay {
  key: string;
  apply: (input: ForecastInput) => Promise<ForecastInput>;
}

/**
 * A row a scenario's lever added (negative ids, docs/scenarios.md "Forecast of a scenario") is a
 * `scenario_levers` leaf named by its lever; a base row keeps its own table and id.
 */
export function leafIdentity(
  leaf: Pick<ForecastLeaf, 'name' | 'relatedTable' | 'relatedId' | 'employeeId'>,
): Pick<ForecastLeafNode, 'relatedTable' | 'relatedId' | 'leverIds'> {
  // The payment calendar's leaves have negative ids of their own (docs/payment-calendar.md).
  if (isCalendarLeaf(leaf)) return { relatedTable: leaf.relatedTable, relatedId: leaf.relatedId };
  const lever = leaf.relatedTable === 'salaries' ? leverOfId(leaf.employeeId ?? 0) : leverOfId(leaf.relatedId);
  if (lever === null) return { relatedTable: leaf.relatedTable, relatedId: leaf.relatedId };
  return { relatedTable: 'scenario_levers', relatedId: lever, leverIds: [lever] };
}

export type ForecastsService = ReturnType<typeof createForecastsService>;

/**
 * The forecast's input for plan vs actual, with the keys of what it depends on: `key` names all of
 * it, `occurrencesKey` all but the matches, dismissals and entries (the planned occurrences do not
 * depend on them), so a match keeps the occurrences computed before.
 */
export interface PlanInput {
  input: ForecastInput;
  key: string;
  occurrencesKey: string;
}

/**
 * The coverage the engine takes (docs/plan-actual.md "Coverage"): the statements' periods per account,
 * cut to the PLAN_ACTUAL_LIMITS.monthsBack months before the current one (nothing older can be
 * overdue; an account whose statements are all older stays, without ranges: it has statements that
 * cover none of those days), and the salary account.
 */
export function coverageInputOf(today: string, plan: Pick<PlanState, 'periods' | 'salaryAccountId'>): ForecastCoverage {
  const earliest = `${addMonthsToMonth(monthOf(today), -PLAN_ACTUAL_LIMITS.monthsBack)}-01`;
  const byAccount = new Map<number, CoverageRange[]>();
  for (const { bankAccountId, from, to } of plan.periods) {
    const ranges = byAccount.get(bankAccountId) ?? [];
    byAccount.set(bankAccountId, ranges);
    if (to >= earliest) ranges.push({ from: from < earliest ? earliest : from, to });
  }
  return {
    accounts: [...byAccount].map(([bankAccountId, ranges]) => ({ bankAccountId, ranges: mergeRanges(ranges) })),
    salaryAccountId: plan.salaryAccountId,
  };
}

/**
 * The months one load serves: the longest horizon, and before it the months plan vs actual looks
 * back on (docs/plan-actual.md: overdue occurrences and the Plan/Ist table need their costs and
 * exclusions). The input `planInput` answers holds these months and no others.
 */
export function horizonOf(today: string): { firstMonth: string; lastMonth: string } {
  const currentMonth = monthOf(today);
  return {
    firstMonth: addMonthsToMonth(currentMonth, -PLAN_ACTUAL_LIMITS.monthsBack),
    lastMonth: addMonthsToMonth(currentMonth, FORECAST_LIMITS.maxMonths - 1),
  };
}

/** Whether the leaves of a category are wanted: all without `?expand=`, else the named ones. */
export type LeavesWanted = (side: 'revenue' | 'expense', category: string) => boolean;

export function leavesWanted(expand: readonly string[] | undefined): LeavesWanted {
  if (!expand) return () => true;
  const keys = new Set(expand);
  return (side, category) => keys.has(`${side}:${category}`);
}

/** A result with the warnings of the VAT method's limits per year, when the details were asked for. */
export type DetailedResult = ForecastResult & { vatWarnings?: { year: number; text: string }[] };

/** The note of a leaf in a month, as the fields of its node (docs/payment-calendar.md "Explanations"). */
type NoteOf = (table: ForecastLeaf['relatedTable'], id: number) => Pick<ForecastLeafNode, 'explanation' | 'warnings'>;

/**
 * The notes of a month's leaves: the engine's explanations and warnings, and on the VAT settlement's
 * leaves the warnings of the month's year about the VAT method's limits.
 */
function notesOf(result: DetailedResult, month: string): NoteOf {
  const { notes } = result;
  const year = Number(month.slice(0, 4));
  const vatWarnings = (result.vatWarnings ?? []).filter((warning) => warning.year === year).map(({ text }) => text);
  if (notes === undefined && vatWarnings.length === 0) return () => ({});
  return (table, id) => {
    const note = notes?.get(leafNoteKey(table, id, month));
    const warnings = [...(note?.warnings ?? []), ...(table === 'vat_settlement' ? vatWarnings : [])];
    return {
      ...(note === undefined ? {} : { explanation: note.explanation }),
      ...(warnings.length > 0 ? { warnings } : {}),
    };
  };
}

function toNodes(
  categories: readonly ForecastCategory[],
  side: 'revenue' | 'expense',
  wanted: LeavesWanted,
  noteOf: NoteOf,
): ForecastCategoryNode[] {
  return categories.map((category) => ({
    name: category.name,
    amount: category.amount,
    children: (wanted(side, category.name) ? category.children : []).map((leaf) =>
      leaf.relatedTable === 'vat_settlement'
        ? { ...toVatNode(leaf), ...noteOf(leaf.relatedTable, leaf.relatedId) }
        : {
            name: leaf.name,
            amount: leaf.amount,
            ...leafIdentity(leaf),
            isExcluded: leaf.isExcluded,
            ...(leaf.excludedAmount === undefined ? {} : { excludedAmount: leaf.excludedAmount }),
            // A salary leaf names its employee too: the web keys the row by the employee
            // (docs/forecast.md).
            ...(leaf.employeeId === undefined ? {} : { employeeId: leaf.employeeId }),
            ...(leaf.thirteenthSalary ? { thirteenthSalary: true } : {}),
            ...(leaf.overdueDate === undefined ? {} : { overdueDate: leaf.overdueDate }),
            ...noteOf(leaf.relatedTable, leaf.relatedId),
          },
    ),
  }));
}

/** The VAT settlement's leaf with the parts it was computed from (docs/vat.md), those it has. */
function toVatNode(leaf: ForecastLeaf): ForecastLeafNode {
  const node: ForecastLeafNode = {
    name: leaf.name,
    amount: leaf.amount,
    relatedId: leaf.relatedId,
    relatedTable: leaf.relatedTable,
    isExcluded: leaf.isExcluded,
    ...(leaf.overdueDate === undefined ? {} : { overdueDate: leaf.overdueDate }),
  };
  for (const part of vatParts) {
    const value = leaf[part];
    if (value !== undefined) node[part] = value;
  }
  return node;
}

const vatParts = ['outputTax', 'inputTax', 'grossRevenue', 'netTaxRate', 'netTaxRate2', 'netTaxRate2Share'] as const;

/**
 * The details answer from the engine's tree per month (`result.details`): the reference the answer
 * from the rows (`toDetails`) must equal byte for byte, and the path of a result without rows.
 */
export function toDetailsOfTree(result: DetailedResult, wanted: LeavesWanted): ForecastDetails {
  return result.details.map((month) => {
    const noteOf = notesOf(result, month.month);
    return {
      month: month.month,
      revenue: toNodes(month.revenue, 'revenue', wanted, noteOf),
      expense: toNodes(month.expense, 'expense', wanted, noteOf),
    };
  });
}

/**
 * The details answer straight from the engine's rows (docs/forecast.md "Details in columns"), in one
 * pass and without the tree per month: the same nodes, in the same order, with the same category
 * sums as `toDetailsOfTree` (forecast-details-rows.test.ts compares them). A category whose leaves
 * are not wanted still sums them, but no node is made for them.
 */
export function toDetails(result: DetailedResult, wanted: LeavesWanted): ForecastDetails {
  const table = result.detailRows;
  if (table === undefined) return toDetailsOfTree(result, wanted);
  const { months: monthKeys, rows, amounts, cells, vatParts: partsByMonth } = table;
  const months = monthKeys.length;
  const notes = monthKeys.map((month) => notesOf(result, month));
  const answer: ForecastDetails = monthKeys.map((month) => ({ month, revenue: [], expense: [] }));
  // Rows come in category order, so a month's open category per side is the only one to look at.
  const openRevenue: (ForecastCategoryNode | undefined)[] = new Array<ForecastCategoryNode | undefined>(months);
  const openExpense: (ForecastCategoryNode | undefined)[] = new Array<ForecastCategoryNode | undefined>(months);
  for (const row of rows) {
    const { name, relatedTable, id, payers, at, overdueDate } = row;
    const isVat = relatedTable === 'vat_settlement';
    // What a row is, the same in every month: its wanted flag per side and (but for an employee's
    // row, whose salary can change from month to month) its identity.
    let wantedRevenue: boolean | undefined;
    let wantedExpense: boolean | undefined;
    const itemIdentity = payers === undefined ? leafIdentity({ name, relatedTable, relatedId: id }) : undefined;
    for (let i = 0; i < months; i++) {
      const flags = cells[at + i] as number;
      if (flags === 0) continue;
      const counted = amounts[at + i] as number;
      const isExcluded = overdueDate === undefined && (flags & CELL_EXCLUDED) !== 0;
      const isRevenue = (flags & CELL_REVENUE) !== 0;
      const amount = isExcluded ? 0 : counted;
      const month = answer[i] as ForecastDetails[number];
      const side = isRevenue ? 'revenue' : 'expense';
      let category: ForecastCategoryNode | undefined;
      if (overdueDate !== undefined) {
        // An overdue leaf goes into its category after the others, made in collation order when missing.
        category = month[side].find((candidate) => candidate.name === row.category);
        if (!category) {
          category = { name: row.category, amount: 0, children: [] };
          const later = month[side].findIndex((other) => compareNames(other.name, row.category, undefined, undefined) > 0); // prettier-ignore
          month[side].splice(later < 0 ? month[side].length : later, 0, category);
        }
      } else {
        const open = isRevenue ? openRevenue : openExpense;
        category = open[i];
        if (category?.name !== row.category) {
          category = { name: row.category, amount: 0, children: [] };
          month[side].push(category);
          open[i] = category;
        }
      }
      category.amount += amount;
      if (isRevenue) wantedRevenue ??= wanted('revenue', row.category);
      else wantedExpense ??= wanted('expense', row.category);
      if (!(isRevenue ? wantedRevenue : wantedExpense)) continue;
      const relatedId = payers === undefined ? id : (payers[i] as number);
      const noteOf = notes[i] as NoteOf;
      if (isVat) {
        const node: ForecastLeafNode = { name, amount, relatedId, relatedTable, isExcluded };
        if (overdueDate !== undefined) node.overdueDate = overdueDate;
        const parts = overdueDate === undefined ? partsByMonth?.get(i) : undefined;
        if (parts !== undefined) {
          for (const part of vatParts) {
            const value = parts[part];
            if (value !== undefined) node[part] = value;
          }
        }
        category.children.push({ ...node, ...noteOf(relatedTable, relatedId) });
        continue;
      }
      const employeeId = payers === undefined ? undefined : id;
      category.children.push({
        name,
        amount,
        ...(itemIdentity ?? leafIdentity({ name, relatedTable, relatedId, employeeId })),
        isExcluded,
        ...(isExcluded ? { excludedAmount: counted } : {}),
        ...(employeeId === undefined ? {} : { employeeId }),
        ...((flags & CELL_THIRTEENTH) !== 0 && overdueDate === undefined ? { thirteenthSalary: true } : {}),
        ...(overdueDate === undefined ? {} : { overdueDate }),
        ...noteOf(relatedTable, relatedId),
      });
    }
  }
  return answer;
}

/** A leaf's identity across months and forecasts: an employee's salaries are one leaf. */
function leafKey(side: string, category: string, leaf: ForecastLeafNode): string {
  const item =
    leaf.relatedTable === 'salaries' && leaf.employeeId !== undefined ? `e${leaf.employeeId}` : leaf.relatedId;
  return `${side}|${category}|${leaf.relatedTable}|${item}`;
}

/**
 * A scenario's details with every cell a lever changed marked (docs/scenarios.md "Forecast of a
 * scenario"): a leaf whose amount differs from the base's in that month gets `leverIds` (its own
 * lever for a row a lever added, else empty: some lever changed it).
 */
function markChanged(base: ForecastDetails, scenario: ForecastDetails): ForecastDetails {
  return scenario.map((month, index) => {
    const before = new Map<string, number>();
    const baseMonth = base[index];
    for (const side of ['revenue', 'expense'] as const) {
      for (const category of baseMonth?.[side] ?? []) {
        for (const leaf of category.children) before.set(leafKey(side, category.name, leaf), leaf.amount);
      }
    }
    const mark = (side: 'revenue' | 'expense') =>
      month[side].map((category) => ({
        ...category,
        children: category.children.map((leaf) =>
          leaf.leverIds !== undefined || before.get(leafKey(side, category.name, leaf)) === leaf.amount
            ? leaf
            : { ...leaf, leverIds: [] },
        ),
      }));
    return { ...month, revenue: mark('revenue'), expense: mark('expense') };
  });
}

/**
 * The forecast, computed on demand from the organisation's current rows (docs/forecast.md): the
 * stored salary schedules are brought up to today first, then the parts of forecast-inputs.ts are
 * read (from memory while their tables are unchanged) and handed to the pure engine with the Zurich
 * "today". Nothing of the result is stored in the database; the rows and results are kept in memory
 * while the organisation's data versions and the day stay the same (forecast-cache.ts). Here:
 * preparing a read (its key), computing it, and mapping the result to the answers.
 */
export function createForecastsService({
  db,
  clock,
  rates,
  reference,
  ensureFreshSchedules,
  scenarioOverlay,
  versions: kept = {
    versionsOf: (organisationId) => dataVersionsOf(db, organisationId),
    written: async () => undefined,
  },
}: ForecastsServiceDeps) {
  const cache = createForecastCache();

  /** A salary without costs: one shared list, so that it compares equal from one read to the next. */
  const noCosts: ForecastSalaryCost[] = [];
  const pastSalariesOf = createPastSalaries();
  const currentMonthCostsOf = createCurrentMonthCosts();
  /** Each salary row with its costs as the engine takes it, kept while the row and its cost list are the same. */
  const withCosts = new WeakMap<ForecastData['salaries']['rows'][number], ForecastSalary>();

  /**
   * The engine's input over the longest horizon (one model serves every "Zeitraum" and performance:
   * a result picks its months and performance). The rows are the parts' own objects, so the model
   * finds the changed ones by identity (docs/forecast.md "After a write").
   */
  // The transactions with their learned delays: the same array while neither changed (the input's identity is kept).
  const withDelays = new WeakMap<
    ForecastData['transactions']['rows'],
    { delays: Map<number, number>; rows: ForecastTransaction[] }
  >();
  /** Each row with its delay, the same object while the row and the delays are (the model compares by identity). */
  const delayedRows = new WeakMap<ForecastTransaction, { delays: Map<number, number>; row: ForecastTransaction }>();
  /** The last list made, whose successor records only its changed rows (list-changes.ts). */
  let lastDelayed: { from: ForecastData['transactions']['rows']; delayed: ForecastTransaction[] } | undefined;
  function delayedTransactions(
    rows: ForecastData['transactions']['rows'],
    delays: Map<number, number>,
  ): ForecastData['transactions']['rows'] | ForecastTransaction[] {
    if (delays.size === 0) return rows;
    const kept = withDelays.get(rows);
    if (kept?.delays === delays) return kept.rows;
    const delayedRow = (row: ForecastTransaction): ForecastTransaction => {
      const delayDays = delays.get(row.id);
      if (delayDays === undefined) return row;
      const known = delayedRows.get(row);
      if (known?.delays === delays) return known.row;
      const made = { ...row, delayDays };
      delayedRows.set(row, { delays, row: made });
      return made;
    };
    const delayed = rows.map(delayedRow);
    const changes = lastDelayed && changesBetween<ForecastTransaction>(lastDelayed.from, rows);
    if (lastDelayed && changes && withDelays.get(lastDelayed.from)?.delays === delays) {
      const items = new Map([...changes].map(([id, row]) => [id, row && delayedRow(row)]));
      recordChanges(delayed, lastDelayed.delayed, items);
    }
    withDelays.set(rows, { delays, rows: delayed });
    lastDelayed = { from: rows, delayed };
    return delayed;
  }

  /**
   * The salaries as the engine takes them, and their past figures: the same arrays while the parts
   * they are made of are the same objects (a write of a transaction, an account or an exclusion
   * maps none of the thousands of salaries again, and the model skips their walk:
   * ForecastModel.update, docs/forecast.md "Speed").
   */
  type SalaryRow = ForecastData['salaries']['rows'][number];
  interface SalaryLists {
    costs: ForecastData['costs'];
    pastFigures: ForecastData['pastFigures'];
    month: string;
    salaries: ForecastSalary[];
    pastSalaries: ForecastSalary[];
  }
  const salariesOfParts = new WeakMap<ForecastData['salaries']['rows'], SalaryLists>();
  /**
   * The lists last made, with their rows at the same places and the place of each salary id: the
   * next lists are these with only the changed salaries made again (`followedSalaries`).
   */
  let lastSalaries:
    | (SalaryLists & { from: ForecastData['salaries']['rows']; rows: SalaryRow[]; placeOf: Map<number, number> })
    | undefined;

  function withCostsOf(row: SalaryRow, data: ForecastData): ForecastSalary {
    const costs = data.costs.bySalary.get(row.id) ?? noCosts;
    const kept = withCosts.get(row);
    if (kept?.costs === costs) return kept;
    const salary = { ...row, costs };
    withCosts.set(row, salary);
    return salary;
  }

  /**
   * The last lists brought to `data` by making again only the salaries whose row, costs or past
   * figures changed (the parts record their changed ids: list-changes.ts), and recording them on
   * the new lists for the model (docs/forecast.md "After a write"); undefined when a part does not
   * say what changed (then all are mapped).
   */
  function followedSalaries(data: ForecastData, month: string): SalaryLists | undefined {
    const last = lastSalaries;
    if (last === undefined || last.month !== month) return undefined;
    const rowChanges = changesBetween<SalaryRow>(last.from, data.salaries.rows);
    const costChanges = data.costs === last.costs ? new Map() : changesBetween(last.costs, data.costs);
    const figureChanges =
      data.pastFigures === last.pastFigures ? new Map() : changesBetween(last.pastFigures, data.pastFigures);
    if (rowChanges === undefined || costChanges === undefined || figureChanges === undefined) return undefined;
    const ids = new Set([...rowChanges.keys(), ...costChanges.keys(), ...figureChanges.keys()]);
    // Forgotten until made: a failure halfway must not leave places that no list has.
    lastSalaries = undefined;
    // The lists are copied (a computation may still read the old ones); the places are the last's, kept up to date.
    const rows = last.rows.slice();
    const salaries = last.salaries.slice();
    const pastSalaries = last.pastSalaries.slice();
    const { placeOf } = last;
    const salaryChanges = new Map<number, ForecastSalary | undefined>();
    const pastChanges = new Map<number, ForecastSalary | undefined>();
    for (const id of ids) {
      const place = placeOf.get(id);
      const row = rowChanges.has(id) ? rowChanges.get(id) : place === undefined ? undefined : rows[place];
      if (row === undefined) {
        if (place === undefined) continue;
        // Deleted: the last salary takes its place.
        const end = rows.length - 1;
        if (place !== end) {
          rows[place] = rows[end]!;
          salaries[place] = salaries[end]!;
          pastSalaries[place] = pastSalaries[end]!;
          placeOf.set(rows[place]!.id, place);
        }
        rows.pop();
        salaries.pop();
        pastSalaries.pop();
        placeOf.delete(id);
        salaryChanges.set(id, undefined);
        pastChanges.set(id, undefined);
        continue;
      }
      const withTheirCosts = withCostsOf(row, data);
      const past = pastSalariesOf.one(withTheirCosts, data.pastFigures);
      const salary = currentMonthCostsOf.one(withTheirCosts, past, month);
      const at = place ?? rows.length;
      rows[at] = row;
      salaries[at] = salary;
      pastSalaries[at] = past;
      placeOf.set(id, at);
      salaryChanges.set(id, salary);
      pastChanges.set(id, past);
    }
    recordChanges(salaries, last.salaries, salaryChanges);
    recordChanges(pastSalaries, last.pastSalaries, pastChanges);
    const made = { costs: data.costs, pastFigures: data.pastFigures, month, salaries, pastSalaries };
    lastSalaries = { ...made, from: data.salaries.rows, rows, placeOf };
    return made;
  }

  function salariesOf(
    data: ForecastData,
    month: string,
  ): { salaries: ForecastSalary[]; pastSalaries: ForecastSalary[] } {
    const known = salariesOfParts.get(data.salaries.rows);
    if (known && known.costs === data.costs && known.pastFigures === data.pastFigures && known.month === month) {
      return known;
    }
    let made = followedSalaries(data, month);
    if (made === undefined) {
      const rows = [...data.salaries.rows];
      const withTheirCosts = rows.map((row) => withCostsOf(row, data));
      const pastSalaries = pastSalariesOf(withTheirCosts, data.pastFigures);
      const salaries = currentMonthCostsOf(withTheirCosts, pastSalaries, month);
      made = { costs: data.costs, pastFigures: data.pastFigures, month, salaries, pastSalaries };
      const placeOf = new Map(rows.map((row, index) => [row.id, index]));
      lastSalaries = { ...made, from: data.salaries.rows, rows, placeOf };
    }
    salariesOfParts.set(data.salaries.rows, made);
    return made;
  }

  function inputOf(currency: string, today: string, data: ForecastData): ForecastInput {
    const { salaries, pastSalaries } = salariesOf(data, monthOf(today));
    return {
      today,
      months: FORECAST_LIMITS.maxMonths,
      performance: 100,
      currency,
      rates: rates.rateTable(currency) ?? {},
      bankAccounts: data.accounts,
      transactions: delayedTransactions(data.transactions.rows, data.delays),
      salaries,
      pastSalaries,
      vatSetting: data.vatSetting,
      paymentCalendar: data.paymentCalendar,
      exclusions: data.exclusions,
      minimumBalance: data.minimumBalance,
      closedOccurrences: data.plan.closed,
      coverage: coverageInputOf(today, data.plan),
      dismissedOccurrences: data.plan.dismissed,
    };
  }

  /**
   * The organisation's data versions, its salary schedules brought up to `today` first. The
   * versions are read before any rows: a write committing meanwhile raises a version past the
   * stamp, so rows loaded later are at worst newer than their stamp, never older.
   *
   * Schedules go stale only by a new day or by a salary row written, and every such write raises the
   * salaries' version. So the database is asked whether any is stale only when the day or that
   * version moved since it last answered "none" (a repeated read: one query instead of two). The
   * answer is remembered under the version read *before* asking: had a write come in between, the
   * version has moved on and that stamp never matches again.
   */
  async function versionsWithFreshSchedules(
    organisationId: number,
    today: string,
    read?: ReadonlyMap<string, number>,
  ): Promise<ReadonlyMap<string, number>> {
    const versions = read ?? (await kept.versionsOf(organisationId));
    const stamp = `${today}|${versions.get('salaries') ?? 0}`;
    if (cache.schedulesFreshAt(organisationId, stamp)) return versions;
    if (await ensureFreshSchedules(db, organisationId, today)) {
      // Written past the API (the day's schedules): announced like a write, so that no instance
      // keeps the versions from before (docs/realtime.md "Writes past the API").
      await kept.written(organisationId);
      return dataVersionsOf(db, organisationId);
    }
    cache.rememberFreshSchedules(organisationId, stamp);
    return versions;
  }

  /**
   * The key of the forecast for `query` (every part's stamp, the query, the currency and the rates)
   * and the forecast itself, from memory under that key or computed: the organisation's model is
   * brought to the current data (only what changed is taken out and added again) and read for the
   * query's months and performance — with the details tree, or only the totals.
   */
  async function overlayOf(tenant: Tenant, scenarioId: number): Promise<ForecastOverlay> {
    if (!scenarioOverlay) throw new Error('No scenarios in this service');
    return scenarioOverlay(tenant, scenarioId);
  }

  async function prepare(
    tenant: Tenant,
    query: ForecastQuery,
    read?: ReadonlyMap<string, number>,
  ): Promise<{ key: string; result: (details: boolean) => Promise<DetailedResult> }> {
    const { organisationId, currencyId } = tenant;
    const today = clock.today();
    const { firstMonth, lastMonth } = horizonOf(today);
    const versions = await versionsWithFreshSchedules(organisationId, today, read);
    const stamps = inputStamps(today, versions);
    const currency = reference.codeOf(currencyId);
    // A scenario's forecast is kept per (organisation, scenario and its version, stamps) like the base's.
    const overlay = query.scenario === undefined ? undefined : await overlayOf(tenant, query.scenario);
    const key = [...stamps, query.months, query.performance, currency, rates.generation()]
      .concat(overlay ? [`scenario:${overlay.key}`] : [])
      .join('/');
    const result = (details: boolean) =>
      cache.result(organisationId, `${key}/${details ? 'details' : 'totals'}`, async () => {
        const scope = { organisationId, today, firstMonth, lastMonth, versions };
        const data = await readForecastData(cache, db, scope, today, stamps);
        const input = inputOf(currency, today, data);
        const wanted = { months: query.months, performance: query.performance, details };
        // docs/scenarios.md: forecast(base ⊕ levers), a model of its own (the base's stays as it is).
        const applied = overlay ? await overlay.apply(input) : input;
        // Synchronous from here: no other request can move the model between its update and the result.
        const model = overlay ? ForecastModel.build(applied) : cache.model(organisationId, input);
        const computed: DetailedResult = model.result(wanted);
        if (details && vatLimitsApply(applied.vatSetting)) {
          // The limits are checked on the plan's revenue before performance (docs/payment-calendar.md "Warnings").
          const plain = model.result({ months: applied.months, performance: 100, details: false }).months;
          const [first, last] = [today, lastMonth].map((text) => Number(text.slice(0, 4))) as [number, number];
          computed.vatWarnings = vatLimitWarnings(applied.vatSetting, plain, first, last);
        }
        return computed;
      });
    return { key, result };
  }

  /**
   * The details for `query` as the tree per month and the key that names everything they depend
   * on (the forecast's key and the rows asked for). Without salaries:read (`tenant.seesSalaries`)
   * each category's salaries are one pooled leaf (salary-privacy.ts), and the key is null: such
   * details are made per request.
   */
  async function detailsOfQuery(
    tenant: Tenant,
    { expand, ...query }: ForecastDetailsQuery,
    read?: ReadonlyMap<string, number>,
  ): Promise<{ key: string | null; details: () => Promise<ForecastDetails> }> {
    const { key, result } = await prepare(tenant, query, read);
    const wanted = leavesWanted(expand);
    const base = query.scenario === undefined ? null : await prepare(tenant, { ...query, scenario: undefined }, read);
    const details = async () =>
      base === null
        ? toDetails(await result(true), wanted)
        : markChanged(toDetails(await base.result(true), wanted), toDetails(await result(true), wanted));
    if (!tenant.seesSalaries) return { key: null, details: async () => withPooledSalaries(await details()) };
    const expandKey = expand === undefined ? '*' : JSON.stringify([...new Set(expand)].sort());
    return { key: `${key}/${expandKey}`, details };
  }

  /**
   * `GET /forecasts/details`: the answer in columns (docs/forecast.md "Details on the wire") and its
   * key: the route keeps it written and compressed under the key (plugins/encoded-answer.ts; brotli
   * makes the 6 MB of a big organisation's "Löhne" about 20 KB, and writing and compressing them
   * took ~100 ms per request); a null key (pooled salaries) is written per request.
   */
  async function detailsAnswer(
    tenant: Tenant,
    query: ForecastDetailsQuery,
    read?: ReadonlyMap<string, number>,
  ): Promise<{ key: string | null; details: () => Promise<ForecastDetailColumns> }> {
    const { key, details } = await detailsOfQuery(tenant, query, read);
    return { key, details: async () => detailColumnsOf(await details()) };
  }

  /**
   * The totals for `query` and the key that names everything they depend on (the forecast's key):
   * the route keeps them written and compressed under it, as the details (a read from memory spent
   * a tenth of its time compressing the same bytes again). `calculatedAt` is when the answer was
   * computed, so a kept answer keeps its time.
   */
  async function forecastAnswer(
    tenant: Tenant,
    query: ForecastQuery,
    read?: ReadonlyMap<string, number>,
  ): Promise<{ key: string; forecast: () => Promise<Forecast> }> {
    const { key, result } = await prepare(tenant, query, read);
    const forecast = async (): Promise<Forecast> => {
      const calculatedAt = clock.now().toISOString();
      const totals = await result(false);
      return {
        calculatedAt,
        currency: totals.currency,
        startBalance: totals.startBalance,
        missingRates: totals.missingRates,
        months: totals.months,
        runway: totals.runway,
      };
    };
    return { key: `${key}/totals`, forecast };
  }

  return {
    /**
     * Throws AmountOverflowError unless the organisation's forecast in `currencyId` is exact over the
     * longest horizon at the default performance: a currency change checks it in its own database
     * transaction (`reader`), past the memory, before it is stored (ARCHITECTURE.md rule 7).
     */
    async requireExactIn(reader: AppDatabase, organisationId: number, currencyId: number): Promise<void> {
      const today = clock.today();
      const { firstMonth, lastMonth } = horizonOf(today);
      await ensureFreshSchedules(reader, organisationId, today);
      // Nothing of this is kept, so no versions are recorded with the rows.
      const scope = { organisationId, today, firstMonth, lastMonth, versions: new Map<string, number>() };
      const data = await loadForecastData(reader, scope);
      ForecastModel.build(inputOf(reference.codeOf(currencyId), today, data)).result({
        months: FORECAST_LIMITS.maxMonths,
        performance: FORECAST_DEFAULTS.performance,
        details: false,
      });
    },

    /**
     * The engine's input of the organisation as of today, from the parts in memory (docs/plan-actual.md:
     * the planned occurrences of suggestions and the Plan/Ist table are read from it), its months
     * reaching back PLAN_ACTUAL_LIMITS.monthsBack months before the current one.
     */
    async planInput({ organisationId, currencyId }: Tenant): Promise<PlanInput> {
      const today = clock.today();
      const versions = await versionsWithFreshSchedules(organisationId, today);
      const scope = { organisationId, today, ...horizonOf(today), versions };
      const stamps = inputStamps(today, versions);
      const currency = reference.codeOf(currencyId);
      const rest = [currency, rates.generation()];
      const key = [...stamps, ...rest].join('/');
      // The same input object while nothing changed: mapping thousands of salaries per read showed in profiles.
      return cache.result(organisationId, `plan-input/${key}`, async () => ({
        input: inputOf(currency, today, await readForecastData(cache, db, scope, today, stamps)),
        key,
        occurrencesKey: [...stamps.filter((_, index) => forecastInputNames[index] !== 'plan'), ...rest].join('/'),
      }));
    },

    /**
     * For each organisation a key that changes whenever anything its forecast and plan vs actual read
     * changes (every part's stamp, the day, the currency, the stored rates), in one query: callers
     * that store answers derived from them (the Übersicht, docs/cockpit.md "Stored rows") compare it.
     * It names the rates by their stored time, not this instance's reloads, so every instance
     * reading the same database makes the same key.
     */
    async dataKeys(tenants: readonly Pick<Tenant, 'organisationId' | 'currencyId'>[]): Promise<Map<number, string>> {
      const today = clock.today();
      const versions = await dataVersionsOfMany(
        db,
        tenants.map((tenant) => tenant.organisationId),
      );
      return new Map(
        tenants.map(({ organisationId, currencyId }) => [
          organisationId,
          [
            ...inputStamps(today, versions.get(organisationId) ?? new Map()),
            reference.codeOf(currencyId),
            rates.stamp(),
          ].join('/'),
        ]),
      );
    },

    /**
     * `GET /forecasts`: totals per month, start balance, missing rates and the runway. `read`: the
     * organisation's data versions when the caller has just read them (the route, for its ETag).
     */
    async forecast(tenant: Tenant, query: ForecastQuery, read?: ReadonlyMap<string, number>): Promise<Forecast> {
      return (await forecastAnswer(tenant, query, read)).forecast();
    },

    forecastAnswer,

    /**
     * The details as the tree (category → leaf) of every month, same input as the totals (salaries
     * pooled without salaries:read, see `detailsOfQuery`): what the report, the exports and Plan/Ist
     * read; `GET /forecasts/details` sends them in columns (`detailsAnswer`).
     */
    async details(tenant: Tenant, query: ForecastDetailsQuery): Promise<ForecastDetails> {
      return (await detailsOfQuery(tenant, query)).details();
    },

    detailsAnswer,

    /**
     * The result of `query` with its details in columns (`detailRows`), kept like the details
     * route's: the comparison reads a forecast's totals and rows from one computation
     * (docs/scenarios.md "Compare").
     */
    async detailedResult(tenant: Tenant, query: ForecastQuery): Promise<DetailedResult> {
      return (await prepare(tenant, query)).result(true);
    },
  };
}
