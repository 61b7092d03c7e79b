import { z } from 'zod';
import { AMOUNT_MAX_CENTS } from '../money.js';
import { AHV_DUE_DAYS, WITHHOLDING_TAX_DUE_DAYS } from '../swiss-figures.js';

/**
 * The payment calendar of an organisation (docs/payment-calendar.md): per fund its rhythm and
 * rules. Every block is optional; a fund without a block pays its costs as today (with each
 * salary). Set by owners and admins (`PUT /api/payment-calendar`), `GET` answers the stored
 * calendar (`{}` while none was saved). Months are 1–12, percentages thousandths of a percent
 * (2 % = 2000), amounts minor units.
 */
export const fundRhythms = ['monthly', 'quarterly', 'yearly'] as const;
export type FundRhythm = (typeof fundRhythms)[number];
export const fundRhythmLabels: Record<FundRhythm, string> = {
  monthly: 'Monatlich',
  quarterly: 'Vierteljährlich',
  yearly: 'Jährlich',
};
export const withholdingTaxRhythms = ['monthly', 'quarterly'] as const;
export const premiumInstalments = [1, 2, 4] as const;
export type PremiumInstalments = (typeof premiumInstalments)[number];

/** Most days after a period a payment can be due. */
export const DUE_DAYS_MAX = 365;
/** The collection commission: at most 10 %. */
export const COMMISSION_MAX = 10_000;

export const paymentCalendarMessages = {
  rhythm: 'Ungültiger Rhythmus',
  akonto: 'Das Akonto muss ein Betrag von 0 oder mehr sein',
  dueDays: `Die Frist muss eine ganze Zahl von 0 bis ${DUE_DAYS_MAX} Tagen sein`,
  month: 'Der Monat muss eine ganze Zahl von 1 bis 12 sein',
  instalments: 'Raten: 1, 2 oder 4',
  inAdvance: 'Bitte «im Voraus» oder «nachschüssig» wählen',
  canton: 'Bitte den Kanton als Kürzel angeben (z. B. ZH)',
  commission: 'Die Bezugsprovision muss zwischen 0 % und 10 % liegen (höchstens drei Nachkommastellen)',
} as const;

const month = (message = paymentCalendarMessages.month) =>
  z.number({ error: message }).int(message).min(1, message).max(12, message);
const dueDays = (fallback: number) =>
  z
    .number({ error: paymentCalendarMessages.dueDays })
    .int(paymentCalendarMessages.dueDays)
    .min(0, paymentCalendarMessages.dueDays)
    .max(DUE_DAYS_MAX, paymentCalendarMessages.dueDays)
    .default(fallback);

const ahvSchema = z.strictObject({
  /** null = derived from the planned AHV payroll of the year (docs/payment-calendar.md "AHV"). */
  rhythm: z.enum(fundRhythms, { error: paymentCalendarMessages.rhythm }).nullable().default(null),
  /** The Akonto per period as on the fund's invoice; null = computed. */
  akonto: z
    .number({ error: paymentCalendarMessages.akonto })
    .int(paymentCalendarMessages.akonto)
    .min(0, paymentCalendarMessages.akonto)
    .max(AMOUNT_MAX_CENTS, paymentCalendarMessages.akonto)
    .nullable()
    .default(null),
  dueDays: dueDays(AHV_DUE_DAYS),
  /** The month of the next year the year-end difference is paid in (default March). */
  differenceMonth: month().default(3),
});

const bvgSchema = z.strictObject({
  rhythm: z.enum(fundRhythms, { error: paymentCalendarMessages.rhythm }).default('monthly'),
  inAdvance: z.boolean({ error: paymentCalendarMessages.inAdvance }).default(false),
  dueDays: dueDays(0),
});

const premiumSchema = z.strictObject({
  /** The month the annual premium (or its first instalment) is paid in. */
  premiumMonth: month().default(1),
  instalments: z
    .union(
      premiumInstalments.map((count) => z.literal(count)),
      { error: paymentCalendarMessages.instalments },
    )
    .default(1),
  /** The month of the next year the final statement is paid in (default March). */
  finalMonth: month().default(3),
});

const withholdingTaxSchema = z.strictObject({
  canton: z
    .string({ error: paymentCalendarMessages.canton })
    .regex(/^[A-Z]{2}$/, paymentCalendarMessages.canton)
    .default('ZH'),
  rhythm: z.enum(withholdingTaxRhythms, { error: paymentCalendarMessages.rhythm }).default('quarterly'),
  dueDays: dueDays(WITHHOLDING_TAX_DUE_DAYS),
  commissionPercent: z
    .number({ error: paymentCalendarMessages.commission })
    .int(paymentCalendarMessages.commission)
    .min(0, paymentCalendarMessages.commission)
    .max(COMMISSION_MAX, paymentCalendarMessages.commission)
    .default(0),
});

/** `PUT /api/payment-calendar`: the whole calendar; a block left out is paid as today. */
export const paymentCalendarUpdateSchema = z.strictObject({
  ahv: ahvSchema.optional(),
  bvg: bvgSchema.optional(),
  uvg: premiumSchema.optional(),
  ktg: premiumSchema.optional(),
  withholdingTax: withholdingTaxSchema.optional(),
});
export type PaymentCalendarUpdate = z.input<typeof paymentCalendarUpdateSchema>;

/** The stored calendar, every field of a present block filled in. */
export const paymentCalendarSchema = z.object({
  ahv: z
    .object({
      rhythm: z.enum(fundRhythms).nullable(),
      akonto: z.number().int().nullable(),
      dueDays: z.number().int(),
      differenceMonth: z.number().int(),
    })
    .optional(),
  bvg: z.object({ rhythm: z.enum(fundRhythms), inAdvance: z.boolean(), dueDays: z.number().int() }).optional(),
  uvg: z
    .object({ premiumMonth: z.number().int(), instalments: z.number().int(), finalMonth: z.number().int() })
    .optional(),
  ktg: z
    .object({ premiumMonth: z.number().int(), instalments: z.number().int(), finalMonth: z.number().int() })
    .optional(),
  withholdingTax: z
    .object({
      canton: z.string(),
      rhythm: z.enum(withholdingTaxRhythms),
      dueDays: z.number().int(),
      commissionPercent: z.number().int(),
    })
    .optional(),
});
/** The calendar as stored and read by the forecast: every field of a present block filled in. */
export type PaymentCalendar = z.output<typeof paymentCalendarUpdateSchema>;

/**
 * `GET /api/payment-calendar/warnings`: the German warnings of the plan (docs/payment-calendar.md
 * "Warnings"): an entered Akonto more than 10 % off, a VAT method's limit exceeded.
 */
export const paymentCalendarWarningsSchema = z.object({ warnings: z.array(z.string()) });
export type PaymentCalendarWarnings = z.infer<typeof paymentCalendarWarningsSchema>;
