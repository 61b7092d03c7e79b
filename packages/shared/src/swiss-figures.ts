/**
 * The Swiss figures the salary and VAT rules compute with, in one place, each with the year it
 * holds for and where it is published (docs/swiss-figures.md lists them with their sources). A new
 * year changes this file and the tests that work the examples out by hand — nothing else.
 * Amounts are Rappen, rates thousandths of a percent (1.1 % = 1100).
 */

/**
 * Highest insured yearly earnings of ALV and of the accident insurance UVG (BU and NBU): CHF 148'200
 * (2026; ALV: Art. 3 AVIG with Art. 22 UVV; UVG: Art. 22 UVV). Above it ALV charges 0 % in 2026.
 */
export const INSURED_EARNINGS_CEILING_CENTS = 14_820_000;

/**
 * BVG (occupational pension, legal minimum), 2026 (BSV, "Grenzbeträge der beruflichen Vorsorge"):
 * entry threshold, coordination deduction and the smallest and largest coordinated salary.
 */
export const BVG_ENTRY_THRESHOLD_CENTS = 2_268_000;
export const BVG_COORDINATION_DEDUCTION_CENTS = 2_646_000;
export const BVG_MIN_COORDINATED_CENTS = 378_000;
export const BVG_MAX_COORDINATED_CENTS = 6_426_000;

/**
 * BVG savings credits by age (Art. 16 BVG), age = calendar year − birth year: from the year a person
 * turns 25 until the year they reach the reference age 65 (Art. 13 BVG, AHV 21), in thousandths of
 * a percent of the coordinated salary.
 */
export const BVG_SAVINGS_CREDITS: readonly { fromAge: number; toAge: number; rate: number }[] = [
  { fromAge: 25, toAge: 34, rate: 7000 },
  { fromAge: 35, toAge: 44, rate: 10_000 },
  { fromAge: 45, toAge: 54, rate: 15_000 },
  { fromAge: 55, toAge: 65, rate: 18_000 },
];

/**
 * Days the ESTV allows after the end of a VAT period for the return and the payment (2026; Art. 71
 * and Art. 86 MWSTG); the forecast books the payment in the second month after the period (docs/vat.md).
 */
export const VAT_PAYMENT_DAYS = 60;

/**
 * The net tax rate method (Saldosteuersatzmethode) is settled half-yearly (Art. 35 Abs. 1 lit. b
 * MWSTG; ESTV, MWST-Info 12 "Saldosteuersätze"), 2026: the one VAT interval it allows.
 */
export const NET_TAX_RATE_INTERVAL = 'biannually';
