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

// The payment calendar (docs/payment-calendar.md), status 2026.

/**
 * The Ausgleichskasse collects the Akonto monthly when the yearly AHV payroll exceeds CHF 200'000,
 * quarterly otherwise (AHVV Art. 34 Abs. 1).
 */
export const AHV_MONTHLY_PAYROLL_LIMIT_CENTS = 20_000_000;
/** Contributions of at most CHF 3'000 a year may be paid once a year (AHVV Art. 34 Abs. 1). */
export const AHV_YEARLY_CONTRIBUTIONS_LIMIT_CENTS = 300_000;
/** The Akonto of a period is due within 10 days after the period (AHVV Art. 34 Abs. 4). */
export const AHV_DUE_DAYS = 10;
/**
 * The employer reports a payroll that differs from the Akonto's basis by more than about 10 % so
 * the Akonto is adjusted (AHVV Art. 35 Abs. 2; the Ausgleichskassen's practice): the warning
 * "Akonto anpassen lassen".
 */
export const AHV_AKONTO_DEVIATION_PERCENT = 10;
/**
 * Surcharges on the annual UVG premium paid in instalments, in thousandths of a percent of the
 * annual premium: ½ instalments 0.25 %, ¼ instalments 0.375 % (UVV Art. 117 Abs. 2).
 */
export const UVG_INSTALMENT_SURCHARGES: Readonly<Record<1 | 2 | 4, number>> = { 1: 0, 2: 250, 4: 375 };
/** Withholding tax is remitted within 30 days after the period (QStV Art. 21; the cantons' default). */
export const WITHHOLDING_TAX_DUE_DAYS = 30;
/**
 * The net tax rate method is open to taxable turnover up to CHF 5'024'000 and tax (at the net tax
 * rate) up to CHF 108'000 a year (MWSTG Art. 37 Abs. 1, 2026).
 */
export const NET_TAX_RATE_TURNOVER_LIMIT_CENTS = 502_400_000;
export const NET_TAX_RATE_TAX_LIMIT_CENTS = 10_800_000;
/** Annual settlement is open to turnover up to CHF 5'005'000 a year (MWSTG Art. 35a, since 2025). */
export const ANNUAL_VAT_TURNOVER_LIMIT_CENTS = 500_500_000;
/**
 * Annual VAT filers pay instalments of the previous year's tax on these days of the year (MWSTG
 * Art. 86a; 30 May, 30 August, 30 November): ¼ each with the effective method, ½ on the 240th day
 * with the net tax rate method; the balance with the return by the end of February.
 */
export const VAT_ANNUAL_INSTALMENT_DAYS: Readonly<Record<'effective' | 'netTaxRate', readonly number[]>> = {
  effective: [150, 240, 330],
  netTaxRate: [240],
};
