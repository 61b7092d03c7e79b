/**
 * Product constants of docs/product.md "Constants" and docs/design.md, in one place so the API, the web app
 * and the forecast engine cannot disagree about a default or a limit. Durations are in milliseconds
 * unless the name says otherwise.
 */

/** The product's name, used in page titles ("{page title} - SaldoPilot"). */
export const PRODUCT_NAME = 'SaldoPilot';

/** Currency of a new organisation and of the reference product (docs/product.md "Constants"). */
export const BASE_CURRENCY = 'CHF';

/** Locale of every text and number the user sees (docs/product.md "Constants"). */
export const BASE_LOCALE = 'de-CH';

/** Zone in which "today" and server time are taken (docs/design.md "Dates and today"). */
export const TIME_ZONE = 'Europe/Zurich';

/** Defaults of the forecast page's remembered preferences (docs/product.md "Remembered preferences", "Constants"): current month plus 12, no scaling. */
export const FORECAST_DEFAULTS = {
  /** Revenue scaling in percent. */
  performance: 100,
  /** Number of months shown, starting with the current one. */
  months: 13,
} as const;

/**
 * Accepted ranges (inclusive) of the forecast parameters (docs/forecast.md "Months",
 * "Performance").
 */
/**
 * The name of the VAT settlement's category and leaf in the forecast (docs/vat.md "In the forecast"):
 * "MWST", as the ESTV writes it. The engine names it, the web app recognises its row by it.
 */
export const VAT_SETTLEMENT_NAME = 'MWST';

/**
 * Plan vs actual (docs/plan-actual.md): how far back the Plan/Ist table and overdue occurrences
 * reach, and the most occurrences one entry is matched to at once (a salary run).
 */
export const PLAN_ACTUAL_LIMITS = { monthsBack: 24, occurrencesPerEntry: 200 } as const;

/**
 * Freshness (docs/plan-actual.md "Freshness"): an account's balance whose "Stand per" is more than
 * this many days before today is named on the Prognose, Plan/Ist and in the exports.
 */
export const STALE_BALANCE_DAYS = 10;

export const FORECAST_LIMITS = {
  minMonths: 1,
  maxMonths: 60,
  minPerformance: 0,
  maxPerformance: 200,
} as const;

/**
 * Paging of lists (docs/api.md "Lists", docs/product.md "Constants"): a page number from 1 and a page size up to
 * `maxLimit`.
 */
export const PAGINATION = {
  /** Largest page size any list accepts; bounds the work of one request. */
  maxLimit: 100,
  organisations: { page: 1, limit: 20 },
  categories: { page: 1, limit: 100 },
} as const;

/** Toasts (docs/product.md "Constants"): lives by kind, and where they appear. The shell uses `shellPosition`. */
export const TOAST = {
  lifeMs: { default: 6000, medium: 2000, short: 1000 },
  defaultPosition: 'top-right',
  shellPosition: 'bottom-center',
  enterAnimationMs: 300,
} as const;

/** Life of an inline message (docs/product.md "Constants"), shorter than a default toast because it sits beside its cause. */
export const MESSAGE_LIFE_MS = 3000;

/** Full-screen loading overlay: shown only after the flag stayed on this long, so quick work does not flash. */
export const LOADING_OVERLAY_DELAY_MS = 300;

/**
 * Top loading bar (docs/design.md "Web conventions"): height in px and the throttle before
 * it appears.
 */
export const LOADING_BAR = {
  heightPx: 4,
  throttleMs: 1000,
} as const;

/** After a chunk-load error a path reloads at most once per this interval, so a broken deploy cannot loop. */
export const RELOAD_GUARD_MS = 10_000;

/** Dialogs (docs/product.md "Constants"): up to `breakpointPx` of viewport width a dialog takes `narrowWidth`. */
export const DIALOG = {
  breakpointPx: 639,
  narrowWidth: '90vw',
  closeAnimationMs: 150,
} as const;

/** Stacking order (docs/product.md "Constants"): modals and tooltips above overlays and menus. */
export const Z_INDEX = {
  modal: 1100,
  tooltip: 1100,
  overlay: 1000,
  menu: 1000,
} as const;

/** Select inputs (docs/product.md "Constants"): type-ahead buffer reset and default dropdown height. */
export const SELECT = {
  searchBufferResetMs: 500,
  dropdownMaxHeight: '14rem',
} as const;

/** Cookies holding remembered preferences (docs/design.md "Web conventions"): one year, secure, lax, whole site. */
export const PREFERENCE_COOKIE = {
  /** One year; cookies take `Max-Age` in seconds. */
  maxAgeSeconds: 365 * 24 * 60 * 60,
  secure: true,
  sameSite: 'lax',
  path: '/',
} as const;

/**
 * The readable cookie "a session may exist in this browser" (docs/api.md "Sessions"): the API sets
 * it with the HttpOnly session cookies and clears it with them; the web app asks for the profile on
 * the auth pages only while it (or the remembered session) is there.
 */
export const SIGNED_IN_COOKIE = 'sp_signed_in';
