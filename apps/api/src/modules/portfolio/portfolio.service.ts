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

/** The rows in the order of docs/cockpit.md "Urgency". */
export function byUrgency(a: PortfolioRow, b: PortfolioRow): number {
  const shortfall = (row: PortfolioRow) => row.shortfallMonth ?? '9999-12';
  return (
    shortfall(a).localeCompare(shortfall(b)) ||
    b.overdue.count - a.overdue.count ||
    Number(b.balanceStale) - Number(a.balanceStale) ||
    b.unmatchedEntries - a.unmatchedEntries ||
    a.name.localeCompare(b.name, 'de') ||
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
 * balances' freshness and what plan vs actual has open. Read only through the other areas'
 * services, each answering from its own memory while the organisation's data stays the same.
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
  /**
   * Each organisation's row as last computed, under its data key (`forecasts.dataKeys`): the
   * forecast's own memory keeps 16 organisations, fewer than a fiduciary has (docs/cockpit.md "Speed").
   */
  const kept = new Map<number, { key: string; row: PortfolioRow }>();
  const MAX_KEPT = 5_000;

  async function keptRowOf(organisation: Organisation, userId: number, key: string | undefined): Promise<PortfolioRow> {
    const entry = kept.get(organisation.id);
    // The row's figures are the organisation's; its name and the caller's role come from the membership.
    if (key !== undefined && entry?.key === key)
      return { ...entry.row, name: organisation.name, role: organisation.role };
    const row = await rowOf(organisation, userId, true);
    if (key !== undefined) {
      kept.delete(organisation.id);
      kept.set(organisation.id, { key, row });
      if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as number);
    }
    return row;
  }

  async function rowOf(organisation: Organisation, userId: number, seesSalaries: boolean): Promise<PortfolioRow> {
    const tenant: Tenant = {
      userId,
      organisationId: organisation.id,
      role: organisation.role,
      currencyId: organisation.currency.id,
      seesSalaries,
    };
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
      organisationId: organisation.id,
      name: organisation.name,
      role: organisation.role,
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
        .filter((occurrence) => (seesSalaries ? FUND_AND_TAX : TAX_ONLY).has(occurrence.kind) && occurrence.amount < 0)
        .map(({ kind, name, dueDate, amount }) => ({ kind, name, dueDate, amount })),
    };
  }

  return {
    /** One organisation's row for a member (the alerts read it: docs/cockpit.md "Alerts"); 404 for a non-member. */
    async rowFor(userId: number, organisationId: number): Promise<PortfolioRow> {
      return rowOf(await organisations.get(userId, organisationId), userId, true);
    },

    /**
     * `GET /portfolio`: one row per organisation of the user (read-only memberships too), the most
     * urgent first. `seesSalaries` as the caller's (a session always).
     */
    async portfolio(userId: number, seesSalaries: boolean): Promise<Portfolio> {
      const calculatedAt = clock.now().toISOString();
      const mine = await organisations.all(userId);
      // Salary-derived figures are sums over all employees either way; only a session calls this.
      const keys = seesSalaries
        ? await forecasts.dataKeys(mine.map(({ id, currency }) => ({ organisationId: id, currencyId: currency.id })))
        : new Map<number, string>();
      const rows = await mapLimited(mine, PARALLEL_ORGANISATIONS, (organisation) =>
        seesSalaries ? keptRowOf(organisation, userId, keys.get(organisation.id)) : rowOf(organisation, userId, false),
      );
      return { calculatedAt, staleAfterDays: STALE_BALANCE_DAYS, rows: rows.sort(byUrgency) };
    },
  };
}
