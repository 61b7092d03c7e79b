import {
  addDays,
  FORECAST_DEFAULTS,
  PORTFOLIO_MONTHS,
  PORTFOLIO_PAYMENT_DAYS,
  STALE_BALANCE_DAYS,
  staleAccounts,
  type Organisation,
  type Portfolio,
  type PortfolioRow,
  type ForecastLeafTable,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Tenant } from '../../lib/tenant.js';
import type { BankAccountsService } from '../bank-accounts/bank-accounts.service.js';
import type { ForecastsService } from '../forecasts/forecasts.service.js';
import type { OrganisationsService } from '../organisations/organisations.service.js';
import type { DismissalsService } from '../plan-actual/dismissals.service.js';
import type { PlanActualService } from '../plan-actual/plan-actual.service.js';
import { currencyOf, storedRows, storeRow } from './portfolio-rows.repository.js';

export interface PortfolioServiceDeps {
  db: AppDatabase;
  clock: Clock;
  organisations: OrganisationsService;
  forecasts: ForecastsService;
  bankAccounts: BankAccountsService;
  planActual: PlanActualService;
  occurrenceDismissals: DismissalsService;
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;

/** The fund and tax payments the Übersicht names (docs/cockpit.md "The row"): VAT and salary costs. */
const FUND_AND_TAX: ReadonlySet<ForecastLeafTable> = new Set(['vat_settlement', 'salary_cost_labels']);
/**
 * Without salary figures (a token lacking `salaries:read`) the salary costs stay out: in a small
 * organisation the AHV sum tells one person's salary (docs/access.md "Portfolio").
 */
const TAX_ONLY: ReadonlySet<ForecastLeafTable> = new Set(['vat_settlement']);

/** How many organisations are read side by side (each read is several queries; PGlite runs one at a time). */
const PARALLEL_ORGANISATIONS = 4;

// One collator for every comparison: `localeCompare(…, 'de')` builds one per call, which showed in
// sorting a fiduciary's hundreds of rows (docs/cockpit.md "Speed").
const germanNames = new Intl.Collator('de');

/** The rows in the order of docs/cockpit.md "Urgency". */
export function byUrgency(a: PortfolioRow, b: PortfolioRow): number {
  const shortfall = (row: PortfolioRow) => row.shortfallMonth ?? '9999-12';
  return (
    shortfall(a).localeCompare(shortfall(b)) ||
    b.overdue.count - a.overdue.count ||
    Number(b.balanceStale) - Number(a.balanceStale) ||
    b.unmatchedEntries - a.unmatchedEntries ||
    germanNames.compare(a.name, b.name) ||
    a.organisationId - b.organisationId
  );
}

/** `work` for every item, at most `limit` at a time, the answers in the items' order. */
async function mapLimited<Item, Answer>(
  items: readonly Item[],
  limit: number,
  work: (item: Item) => Promise<Answer>,
): Promise<Answer[]> {
  const answers: Answer[] = new Array<Answer>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index] as Item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return answers;
}

/**
 * The Übersicht (docs/cockpit.md): every organisation of the user with its next shortfall, its
 * balances' freshness and what plan vs actual has open. Each organisation's row is computed through
 * the other areas' services and stored under the key of the data and day it was computed from
 * (docs/cockpit.md "Stored rows"): after the writes that move it (the alerts' evaluation computes
 * it) and on a read that finds it stale; a read of fresh rows is one query for the keys and one for
 * the rows.
 */
export function createPortfolioService({
  db,
  clock,
  organisations,
  forecasts,
  bankAccounts,
  planActual,
  occurrenceDismissals,
}: PortfolioServiceDeps) {
  let computations = 0;

  /**
   * The organisation's figures as of now, every fund and tax payment included (the salary costs
   * too: the stored row serves callers with and without salary rights, `forCaller` filters). Name
   * and role are left empty: they are the membership's, set on the read.
   */
  async function compute(organisationId: number, currencyId: number): Promise<PortfolioRow> {
    computations += 1;
    // Nothing read here depends on the user or the role; the row is the organisation's.
    const tenant: Tenant = { userId: 0, organisationId, role: 'read-only', currencyId, seesSalaries: true };
    const today = clock.today();
    const forecast = await forecasts.forecast(tenant, {
      months: PORTFOLIO_MONTHS,
      performance: FORECAST_DEFAULTS.performance,
    });
    const [accounts, unmatchedEntries, overdue, upcoming] = await Promise.all([
      bankAccounts.accountsForImport(db, tenant),
      planActual.openEntryCount(tenant),
      occurrenceDismissals.dismissBulkPreview(tenant, today),
      planActual.occurrencesBetween(tenant, today, addDays(today, PORTFOLIO_PAYMENT_DAYS)),
    ]);
    const { minimumBalance } = forecast.runway;
    const dates = accounts.map((account) => account.balanceDate);
    const oldest = dates.includes(null) ? null : ([...dates].sort()[0] ?? null);
    return {
      organisationId,
      name: '',
      role: 'read-only',
      currency: forecast.currency,
      minimumBalance,
      shortfallMonth: forecast.months.find((month) => month.saldo < minimumBalance)?.month ?? null,
      lowest: forecast.runway.lowest,
      coveredUntil: forecast.runway.coveredUntil,
      bankBalance: forecast.startBalance,
      oldestBalanceDate: oldest,
      balanceStale: staleAccounts(accounts, today).length > 0,
      unmatchedEntries,
      overdue: { count: overdue.count, total: overdue.total },
      payments: upcoming
        .filter((occurrence) => FUND_AND_TAX.has(occurrence.kind) && occurrence.amount < 0)
        .map(({ kind, name, dueDate, amount }) => ({ kind, name, dueDate, amount })),
    };
  }

  /**
   * The rows of `wanted`, from the stored ones whose key still holds, the others computed (at most
   * PARALLEL_ORGANISATIONS at a time) and stored. The keys are read before any figure: a write
   * committing meanwhile moves the data past the key, so a stored row is at worst newer than its
   * key (computed once more on the next read), never older.
   */
  async function currentRows(
    wanted: readonly { organisationId: number; currencyId: number }[],
  ): Promise<Map<number, PortfolioRow>> {
    const keys = await forecasts.dataKeys(wanted);
    const stored = await storedRows(
      db,
      wanted.map((organisation) => organisation.organisationId),
    );
    const rows = new Map<number, PortfolioRow>();
    const stale = wanted.filter(({ organisationId }) => {
      const entry = stored.get(organisationId);
      if (entry === undefined || entry.dataKey !== keys.get(organisationId)) return true;
      rows.set(organisationId, entry.row);
      return false;
    });
    await mapLimited(stale, PARALLEL_ORGANISATIONS, async ({ organisationId, currencyId }) => {
      const row = await compute(organisationId, currencyId);
      await storeRow(db, organisationId, keys.get(organisationId) as string, row, clock.now());
      rows.set(organisationId, row);
    });
    return rows;
  }

  /** The stored row as the caller sees it: the membership's name and role, salary costs only with salary rights. */
  function forCaller(row: PortfolioRow, organisation: Organisation, seesSalaries: boolean): PortfolioRow {
    const payments = seesSalaries ? row.payments : row.payments.filter((payment) => TAX_ONLY.has(payment.kind));
    return { ...row, name: organisation.name, role: organisation.role, payments };
  }

  return {
    /**
     * The organisation's row, computed and stored unless the stored one is current: the alerts'
     * evaluation after a write calls it once per organisation (docs/cockpit.md "Stored rows").
     * Undefined for an organisation that no longer exists.
     */
    async organisationRow(organisationId: number): Promise<PortfolioRow | undefined> {
      const currencyId = await currencyOf(db, organisationId);
      if (currencyId === undefined) return undefined;
      return (await currentRows([{ organisationId, currencyId }])).get(organisationId);
    },

    /**
     * `GET /portfolio`: one row per organisation of the user (read-only memberships too), the most
     * urgent first. `seesSalaries` as the caller's (a session always; a token with `salaries:read`).
     */
    async portfolio(userId: number, seesSalaries: boolean): Promise<Portfolio> {
      const calculatedAt = clock.now().toISOString();
      const mine = await organisations.all(userId);
      const rows = await currentRows(mine.map(({ id, currency }) => ({ organisationId: id, currencyId: currency.id })));
      const answered = mine.map((organisation) =>
        forCaller(rows.get(organisation.id) as PortfolioRow, organisation, seesSalaries),
      );
      return { calculatedAt, staleAfterDays: STALE_BALANCE_DAYS, rows: answered.sort(byUrgency) };
    },

    /** How many rows this instance computed (tests: a fresh stored row is not computed again). */
    computations(): number {
      return computations;
    },
  };
}
