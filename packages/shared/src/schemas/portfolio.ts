import { z } from 'zod';
import { exportFormatSchema } from './exports.js';
import { booleanQuerySchema } from './fields.js';
import { roleSchema } from './organisations.js';
import { occurrenceKinds } from './plan-actual.js';

/**
 * The Übersicht (docs/cockpit.md): one row per organisation the user belongs to, the most urgent
 * first. Amounts in minor units of each organisation's own currency.
 */

/** How far ahead the Übersicht looks for a shortfall (months, the current one first). */
export const PORTFOLIO_MONTHS = 12;
/** How far ahead it names the fund and tax payments (days from today, both included). */
export const PORTFOLIO_PAYMENT_DAYS = 30;

/** A fund or tax payment due soon: the VAT settlement or a salary cost (AHV, BVG, …). */
export const portfolioPaymentSchema = z.object({
  kind: z.enum(occurrenceKinds),
  name: z.string(),
  dueDate: z.string(),
  /** Signed, as the forecast books it (a payment is negative). */
  amount: z.number().int(),
});
export type PortfolioPayment = z.infer<typeof portfolioPaymentSchema>;

export const portfolioRowSchema = z.object({
  organisationId: z.number().int(),
  name: z.string(),
  role: roleSchema,
  currency: z.string(),
  minimumBalance: z.number().int(),
  /** The first month of the next PORTFOLIO_MONTHS whose end balance is below the minimum; null: none. */
  shortfallMonth: z.string().nullable(),
  /** The month with the lowest end balance in those months (the first of equal ones), and that balance. */
  lowest: z.object({ month: z.string(), saldo: z.number().int() }),
  /** The forecast's runway (docs/forecast.md "Runway"): the last month covered, null when all are. */
  coveredUntil: z.string().nullable(),
  /** Today's total of the bank accounts in the organisation's currency (the forecast's start). */
  bankBalance: z.number().int(),
  /** The oldest "Stand per" of its accounts; null without accounts or when one is still unknown. */
  oldestBalanceDate: z.string().nullable(),
  /** Whether a balance is older than STALE_BALANCE_DAYS days (or unknown). */
  balanceStale: z.boolean(),
  /** Bank entries neither matched nor marked "nicht geplant" (the Plan/Ist window). */
  unmatchedEntries: z.number().int(),
  /** Planned payments due before today that no entry paid and none marked "entfällt". */
  overdue: z.object({ count: z.number().int(), total: z.number().int() }),
  /** The fund and tax payments due in the next PORTFOLIO_PAYMENT_DAYS days, earliest first. */
  payments: z.array(portfolioPaymentSchema),
  /**
   * The stored row is of older data (a write or the day moved on) and a new one is being computed
   * in the background ("wird aktualisiert", docs/cockpit.md "Stored rows"): the figures are the last ones known.
   */
  updating: z.boolean(),
});
export type PortfolioRow = z.infer<typeof portfolioRowSchema>;

/** An organisation whose row was never computed yet and is being computed ("wird berechnet"). */
export const portfolioPendingSchema = z.object({
  organisationId: z.number().int(),
  name: z.string(),
  role: roleSchema,
});
export type PortfolioPending = z.infer<typeof portfolioPendingSchema>;

export const portfolioSchema = z.object({
  calculatedAt: z.string(),
  staleAfterDays: z.number().int(),
  rows: z.array(portfolioRowSchema),
  /** The organisations without a row yet (docs/cockpit.md "Stored rows"), in German name order. */
  pending: z.array(portfolioPendingSchema),
});
export type Portfolio = z.infer<typeof portfolioSchema>;

/** The Übersicht's filters and sort keys ('urgency': the order the API answers in). */
export const portfolioFilters = ['all', 'shortfall', 'stale', 'open'] as const;
export type PortfolioFilter = (typeof portfolioFilters)[number];
export const portfolioSortKeys = [
  'urgency',
  'name',
  'shortfallMonth',
  'lowest',
  'unmatchedEntries',
  'overdue',
] as const;
export type PortfolioSortKey = (typeof portfolioSortKeys)[number];

/** `GET /portfolio/export`: the rows the page shows with its search, filter and sort, as a file. */
export const portfolioExportQuerySchema = z.strictObject({
  format: exportFormatSchema,
  search: z.string().max(200, 'Suchbegriff zu lang').optional(),
  filter: z.enum(portfolioFilters, { error: 'Unbekannter Filter' }).optional(),
  sortBy: z.enum(portfolioSortKeys, { error: 'Unbekannte Sortierung' }).optional(),
  descending: booleanQuerySchema.optional(),
});
export type PortfolioExportQuery = z.infer<typeof portfolioExportQuerySchema>;
