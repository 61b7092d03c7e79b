import { addDays, formatDate } from './calendar.js';
import { STALE_BALANCE_DAYS } from './constants.js';

/**
 * Freshness of the balances (docs/plan-actual.md "Freshness"): the forecast starts from each
 * account's balance "Stand per"; one older than STALE_BALANCE_DAYS days before today is named, the
 * oldest first, on the Prognose, Plan/Ist and in the exports. One rule and one sentence for the
 * API, its files and the web app.
 */

/** An account as freshness reads it; `balanceDate` null: "Stand per" still unknown. */
export interface AccountBalanceDate {
  id: number;
  name: string;
  balanceDate: string | null;
}

/** The accounts whose "Stand per" is older than STALE_BALANCE_DAYS days (or unknown), the oldest first, then by name. */
export function staleAccounts<Account extends AccountBalanceDate>(
  accounts: readonly Account[],
  today: string,
): Account[] {
  const limit = addDays(today, -STALE_BALANCE_DAYS);
  return accounts
    .filter((account) => account.balanceDate === null || account.balanceDate < limit)
    .sort(
      (a, b) =>
        (a.balanceDate ?? '').localeCompare(b.balanceDate ?? '') || a.name.localeCompare(b.name, 'de') || a.id - b.id,
    );
}

/**
 * The note naming the oldest stale balance: "Saldo von Konto Post zuletzt per 20.06.2023", with
 * "(und 2 weitere Konten)" when more are stale; null when every balance is fresh.
 */
export function freshnessNote(stale: readonly AccountBalanceDate[]): string | null {
  const [oldest, ...others] = stale;
  if (!oldest) return null;
  const first =
    oldest.balanceDate === null
      ? `Saldo von Konto ${oldest.name}: Stand per noch unbekannt`
      : `Saldo von Konto ${oldest.name} zuletzt per ${formatDate(oldest.balanceDate)}`;
  if (others.length === 0) return first;
  return `${first} (und ${others.length === 1 ? '1 weiteres Konto' : `${others.length} weitere Konten`} älter als ${STALE_BALANCE_DAYS} Tage)`;
}
