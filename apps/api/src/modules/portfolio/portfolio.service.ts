import {
  addDays,
  FORECAST_DEFAULTS,
  PORTFOLIO_MONTHS,
  PORTFOLIO_PAYMENT_DAYS,
  STALE_BALANCE_DAYS,
  staleAccounts,
  type Portfolio,
  type PortfolioRow,
  type ForecastLeafTable,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Tenant } from '../../lib/tenant.js';
import type { BankAccountsService } from '../bank-accounts/bank-accounts.service.js';
import type { ForecastsService } from '../forecasts/forecasts.service.js';
import type { DismissalsService } from '../plan-actual/dismissals.service.js';
import type { PlanActualService } from '../plan-actual/plan-actual.service.js';
import {
  claimRefresh,
  currencyOf,
  membershipsWithKeys,
  releaseRefresh,
  storedRows,
  storeRow,
  type StoredRow,
} from './portfolio-rows.repository.js';

export interface PortfolioServiceDeps {
  db: AppDatabase;
  clock: Clock;
  forecasts: ForecastsService;
  bankAccounts: BankAccountsService;
  planActual: PlanActualService;
  occurrenceDismissals: DismissalsService;
  /** A background computation failed (the row stays as stored; the next read schedules it again). */
  onError?: (error: unknown) => void;
}

/** An organisation of the user to compute a row for. */
interface Wanted {
  organisationId: number;
  currencyId: number;
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
/**
 * Rows never computed that a read computes itself, one round side by side (a new organisation, a
 * new member): more are answered "wird berechnet" and computed in the background
 * (docs/cockpit.md "Stored rows"), so the first read of a fiduciary's hundreds stays fast.
 */
const INLINE_MISSING = PARALLEL_ORGANISATIONS;
/** Rows computed in the background at a time on one instance: the reads keep their share of the database. */
const BACKGROUND_ORGANISATIONS = 2;
/** Stored rows an instance holds in memory (about a kilobyte each), the longest unchanged dropped first. */
const REMEMBERED_ROWS = 20_000;

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
 * (docs/cockpit.md "Stored rows"). A read answers the stored rows as they are, two queries (the
 * memberships with their rows, the keys): a row whose key moved on is answered marked `updating`
 * and computed in the background, a few never computed are computed on the read, more are answered
 * `pending` and computed in the background.
 */
export function createPortfolioService({
  db,
  clock,
  forecasts,
  bankAccounts,
  planActual,
  occurrenceDismissals,
  onError,
}: PortfolioServiceDeps) {
  let computations = 0;
  /** The computation of each organisation's row under way on this instance (one at a time per organisation). */
  const inFlight = new Map<number, Promise<unknown>>();
  /** The organisations waiting for a background computation, with their currencies. */
  const waiting = new Map<number, number>();
  let active = 0;
  let stopped = false;
  /**
   * The stored rows this instance has read, by organisation, with their digests: a read fetches a
   * row's bytes only when its stored digest differs (docs/cockpit.md "Speed").
   */
  const remembered = new Map<number, StoredRow>();

  /** The stored rows `mine` names by digest: from memory, the others read in one query. */
  async function rowsUnder(mine: readonly { organisationId: number; digest: string | null }[]) {
    const unknown = mine.filter(
      ({ organisationId, digest }) => digest !== null && remembered.get(organisationId)?.digest !== digest,
    );
    for (const [organisationId, stored] of await storedRows(
      db,
      unknown.map((membership) => membership.organisationId),
    )) {
      remembered.delete(organisationId);
      remembered.set(organisationId, stored);
      if (remembered.size > REMEMBERED_ROWS) remembered.delete(remembered.keys().next().value as number);
    }
    return remembered;
  }

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
      updating: false,
    };
  }

  /** `work` on the organisation once every computation of it under way on this instance is done. */
  function oneAtATime<Answer>(organisationId: number, work: () => Promise<Answer>): Promise<Answer> {
    const answer = (inFlight.get(organisationId) ?? Promise.resolve()).then(work, work);
    const done = answer.then(
      () => undefined,
      () => undefined,
    );
    inFlight.set(organisationId, done);
    void done.then(() => {
      if (inFlight.get(organisationId) === done) inFlight.delete(organisationId);
    });
    return answer;
  }

  /**
   * Computes and stores the rows of `wanted` under `keys` (read before any figure: a write
   * committing meanwhile moves the data past the key, so a stored row is at worst newer than its
   * key, computed once more later, never older), at most PARALLEL_ORGANISATIONS at a time.
   */
  async function computeRows(wanted: readonly Wanted[], keys: ReadonlyMap<number, string>) {
    const rows = new Map<number, PortfolioRow>();
    await mapLimited(wanted, PARALLEL_ORGANISATIONS, ({ organisationId, currencyId }) =>
      oneAtATime(organisationId, async () => {
        const row = await compute(organisationId, currencyId);
        await storeRow(db, organisationId, keys.get(organisationId) as string, row, clock.now());
        rows.set(organisationId, row);
      }),
    );
    return rows;
  }

  /**
   * The background computation of one row: claimed in the database first, so of two instances only
   * one computes it (the other finds the claim and leaves it); the key is read again under the
   * claim, and a row another computation already brought to it is left as it is.
   */
  async function refresh({ organisationId, currencyId }: Wanted): Promise<void> {
    const claim = await claimRefresh(db, organisationId);
    if (claim === null) return;
    try {
      const keys = await forecasts.dataKeys([{ organisationId, currencyId }]);
      const stored = await storedRows(db, [organisationId]);
      if (stored.get(organisationId)?.dataKey === keys.get(organisationId)) return;
      const row = await compute(organisationId, currencyId);
      await storeRow(db, organisationId, keys.get(organisationId) as string, row, clock.now());
    } finally {
      await releaseRefresh(db, organisationId, claim);
    }
  }

  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  /** Starts waiting background computations, at most BACKGROUND_ORGANISATIONS at a time. */
  function pump(): void {
    while (!stopped && active < BACKGROUND_ORGANISATIONS && waiting.size > 0) {
      const [organisationId, currencyId] = waiting.entries().next().value as [number, number];
      waiting.delete(organisationId);
      active += 1;
      oneAtATime(organisationId, async () => {
        // A turn of the event loop first: on PGlite a query never waits for I/O, so a chain of
        // background rows would run on microtasks alone and hold back every answer (the read that
        // scheduled them too) until the last row is done (docs/cockpit.md "Stored rows").
        await nextTurn();
        await refresh({ organisationId, currencyId });
      })
        .catch((error: unknown) => onError?.(error))
        .finally(() => {
          active -= 1;
          pump();
        });
    }
  }

  /** Schedules the rows' background computation; one already waiting or under way is not scheduled twice. */
  function schedule(wanted: readonly Wanted[]): void {
    for (const { organisationId, currencyId } of wanted) {
      if (!inFlight.has(organisationId)) waiting.set(organisationId, currencyId);
    }
    pump();
  }

  /** The stored row as the caller sees it: the membership's name and role, salary costs only with salary rights. */
  function forCaller(
    row: PortfolioRow,
    membership: { name: string; role: PortfolioRow['role'] },
    seesSalaries: boolean,
    updating: boolean,
  ): PortfolioRow {
    const payments = seesSalaries ? row.payments : row.payments.filter((payment) => TAX_ONLY.has(payment.kind));
    return { ...row, name: membership.name, role: membership.role, payments, updating };
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
      const wanted = [{ organisationId, currencyId }];
      const keys = await forecasts.dataKeys(wanted);
      const stored = (await storedRows(db, [organisationId])).get(organisationId);
      if (stored !== undefined && stored.dataKey === keys.get(organisationId)) return stored.row;
      return (await computeRows(wanted, keys)).get(organisationId);
    },

    /**
     * `GET /portfolio`: one row per organisation of the user (read-only memberships too), the most
     * urgent first. `seesSalaries` as the caller's (a session always; a token with `salaries:read`).
     * As stored (docs/cockpit.md "Stored rows"): a stale row marked `updating`, rows never computed
     * `pending` unless at most INLINE_MISSING; both computed in the background. `current`: every
     * row brought up to date first (the export and the digest, which the user does not watch refresh).
     */
    async portfolio(userId: number, seesSalaries: boolean, { current = false } = {}): Promise<Portfolio> {
      const calculatedAt = clock.now().toISOString();
      const memberOf = await membershipsWithKeys(db, userId);
      const keys = await forecasts.dataKeys(memberOf);
      const stored = await rowsUnder(memberOf);
      // A row never computed stays missing, whatever this instance once held (its row was deleted).
      // The key is the one stored now (the membership's join), not the held row's: a computation
      // that found the same figures under a new key (the day change, a write that moved nothing
      // the row shows) stores the same bytes, so the digest and the held row stay, the key moves.
      const mine = memberOf.map((membership) => {
        const held = membership.digest === null ? undefined : stored.get(membership.organisationId);
        return { ...membership, row: held?.row };
      });
      const rows: PortfolioRow[] = [];
      const stale: typeof mine = [];
      const missing: typeof mine = [];
      for (const membership of mine) {
        if (membership.row === undefined) missing.push(membership);
        else if (membership.dataKey !== keys.get(membership.organisationId)) stale.push(membership);
        else rows.push(forCaller(membership.row, membership, seesSalaries, false));
      }
      const inline = current ? [...stale, ...missing] : missing.length <= INLINE_MISSING ? missing : [];
      const computed = await computeRows(inline, keys);
      for (const membership of inline) {
        rows.push(forCaller(computed.get(membership.organisationId) as PortfolioRow, membership, seesSalaries, false));
      }
      const pending = current || inline === missing ? [] : missing;
      if (!current) {
        for (const { row, ...membership } of stale)
          rows.push(forCaller(row as PortfolioRow, membership, seesSalaries, true));
        schedule([...stale, ...pending]);
      }
      return {
        calculatedAt,
        staleAfterDays: STALE_BALANCE_DAYS,
        rows: rows.sort(byUrgency),
        pending: pending
          .map(({ organisationId, name, role }) => ({ organisationId, name, role }))
          .sort((a, b) => germanNames.compare(a.name, b.name) || a.organisationId - b.organisationId),
      };
    },

    /** How many rows this instance computed (tests: a fresh stored row is not computed again). */
    computations(): number {
      return computations;
    },

    /** Waits until no background computation waits or runs on this instance (tests, shutdown). */
    async settled(): Promise<void> {
      while (waiting.size > 0 || active > 0 || inFlight.size > 0) {
        await Promise.all([...inFlight.values(), new Promise((resolve) => setTimeout(resolve, 5))]);
      }
    },

    /** No further background computations (shutdown); those under way finish. */
    stop(): void {
      stopped = true;
      waiting.clear();
    },
  };
}
