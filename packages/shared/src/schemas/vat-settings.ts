import { z } from 'zod';
import { NET_TAX_RATE_INTERVAL } from '../swiss-figures.js';
import { centsSchema, cycles, dateSchema } from './fields.js';

/**
 * The automatic VAT settlement of an organisation (docs/vat.md; docs/api.md "Areas"): one per
 * organisation, set by owners and admins. `interval` uses the cycle names (biannually = half-yearly).
 */
export const vatIntervals = cycles;
export type VatInterval = (typeof vatIntervals)[number];

export const VAT_OFFSET_MAX = 12;

/**
 * When a period's settlement is paid (docs/vat.md): `estv` by the ESTV deadline (60 days after the
 * period, booked in the second month after its last month), `offset` on the billing date plus
 * `transactionMonthOffset` months (the meaning settings had before the ESTV term existed).
 */
export const vatPaymentTerms = ['estv', 'offset'] as const;

/**
 * `effective`: output tax − input tax; `netTaxRate`: gross revenue × net tax rate(s) (docs/vat.md).
 */
export const vatMethods = ['effective', 'netTaxRate'] as const;
export type VatMethod = (typeof vatMethods)[number];
export const vatMethodLabels: Record<VatMethod, string> = {
  effective: 'Effektive Methode',
  netTaxRate: 'Saldosteuersatzmethode',
};

/** Net tax rates are thousandths of a percent (6200 = 6.2 %), 0.001–10 %. */
export const NET_TAX_RATE_MAX = 10_000;
/** The share of the gross revenue taxed at the second net tax rate, whole percent. */
export const NET_TAX_RATE_SHARE_MIN = 1;
export const NET_TAX_RATE_SHARE_MAX = 99;

export const vatSettingFieldMessages = {
  offset: `Der Versatz muss eine ganze Zahl von 0 bis ${VAT_OFFSET_MAX} Monaten sein`,
  netTaxRate: 'Der Saldosteuersatz muss zwischen 0.001 % und 10 % liegen (höchstens drei Nachkommastellen)',
  netTaxRateRequired: 'Saldosteuersatz wird für die Saldosteuersatzmethode benötigt',
  netTaxRate2Required: 'Zweiter Saldosteuersatz wird benötigt, wenn ein Anteil angegeben ist',
  netTaxRate2Share: `Der Anteil zum zweiten Saldosteuersatz muss eine ganze Zahl von ${NET_TAX_RATE_SHARE_MIN} bis ${NET_TAX_RATE_SHARE_MAX} % sein`,
  netTaxRate2ShareRequired: 'Anteil zum zweiten Saldosteuersatz wird benötigt',
  onlyNetTaxRate: 'Saldosteuersätze gelten nur für die Saldosteuersatzmethode',
  halfYearly:
    'Die Saldosteuersatzmethode wird halbjährlich oder jährlich abgerechnet: bitte «Halbjährlich» oder «Jährlich» wählen',
  previousYearTax: 'Die Steuer des Vorjahres muss ein Betrag von 0 oder mehr sein',
  previousYearTaxOnlyYearly: 'Die Steuer des Vorjahres gilt nur für die jährliche Abrechnung',
} as const;

export const vatSettingSchema = z.object({
  enabled: z.boolean(),
  billingDate: z.string(),
  transactionMonthOffset: z.number().int(),
  interval: z.enum(vatIntervals),
  paymentTerm: z.enum(vatPaymentTerms),
  method: z.enum(vatMethods),
  netTaxRate: z.number().int().nullable(),
  netTaxRate2: z.number().int().nullable(),
  netTaxRate2Share: z.number().int().nullable(),
  /**
   * Yearly only (docs/vat.md "Annual settlement (Art. 86a)"): the instalments' basis; answered only
   * when entered (absent = estimated), so an answer without it reads as before.
   */
  previousYearTax: z.number().int().optional(),
});
export type VatSetting = z.infer<typeof vatSettingSchema>;

/**
 * `GET /vat-settings`: the setting, or null while none was saved — an ordinary state, answered 200
 * (docs/api.md "Areas"), so the organisation settings page logs no 404 on every visit.
 */
export const vatSettingAnswerSchema = vatSettingSchema.nullable();
export type VatSettingAnswer = z.infer<typeof vatSettingAnswerSchema>;

const rateSchema = z
  .number({ error: vatSettingFieldMessages.netTaxRate })
  .int(vatSettingFieldMessages.netTaxRate)
  .min(1, vatSettingFieldMessages.netTaxRate)
  .max(NET_TAX_RATE_MAX, vatSettingFieldMessages.netTaxRate);

/**
 * `PUT /vat-settings` (create or replace). `paymentTerm` and `method` may be left out (then `offset`
 * and `effective`: what a client sent before they existed keeps its meaning); the net tax rate
 * fields belong to the net tax rate method only, which the ESTV settles half-yearly (docs/vat.md).
 * `null` and a missing net tax rate field are the same.
 */
export const vatSettingUpdateSchema = z
  .strictObject({
    enabled: z.boolean({ error: 'Ungültiger Wert: Ja/Nein-Wert erwartet' }),
    billingDate: dateSchema('Abrechnungsdatum wird benötigt'),
    transactionMonthOffset: z
      .number({ error: vatSettingFieldMessages.offset })
      .int(vatSettingFieldMessages.offset)
      .min(0, vatSettingFieldMessages.offset)
      .max(VAT_OFFSET_MAX, vatSettingFieldMessages.offset),
    interval: z.enum(vatIntervals, { error: 'Abrechnungsintervall wird benötigt' }),
    paymentTerm: z.enum(vatPaymentTerms, { error: 'Ungültiger Zahlungszeitpunkt' }).optional(),
    method: z.enum(vatMethods, { error: 'Ungültige Abrechnungsmethode' }).optional(),
    netTaxRate: rateSchema.nullable().optional(),
    netTaxRate2: rateSchema.nullable().optional(),
    netTaxRate2Share: z
      .number({ error: vatSettingFieldMessages.netTaxRate2Share })
      .int(vatSettingFieldMessages.netTaxRate2Share)
      .min(NET_TAX_RATE_SHARE_MIN, vatSettingFieldMessages.netTaxRate2Share)
      .max(NET_TAX_RATE_SHARE_MAX, vatSettingFieldMessages.netTaxRate2Share)
      .nullable()
      .optional(),
    previousYearTax: centsSchema
      .refine((value) => value >= 0, vatSettingFieldMessages.previousYearTax)
      .nullable()
      .optional(),
  })
  .superRefine((value, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', message, path: [path] });
    if (value.previousYearTax !== undefined && value.previousYearTax !== null && value.interval !== 'yearly') {
      issue('previousYearTax', vatSettingFieldMessages.previousYearTaxOnlyYearly);
    }
    const has = (field: 'netTaxRate' | 'netTaxRate2' | 'netTaxRate2Share') =>
      value[field] !== undefined && value[field] !== null;
    if (value.method !== 'netTaxRate') {
      for (const field of ['netTaxRate', 'netTaxRate2', 'netTaxRate2Share'] as const) {
        if (has(field)) issue(field, vatSettingFieldMessages.onlyNetTaxRate);
      }
      return;
    }
    if (!has('netTaxRate')) issue('netTaxRate', vatSettingFieldMessages.netTaxRateRequired);
    if (has('netTaxRate2') && !has('netTaxRate2Share')) {
      issue('netTaxRate2Share', vatSettingFieldMessages.netTaxRate2ShareRequired);
    }
    if (has('netTaxRate2Share') && !has('netTaxRate2'))
      issue('netTaxRate2', vatSettingFieldMessages.netTaxRate2Required);
    // Half-yearly, or yearly with the instalments of Art. 86a (docs/vat.md).
    if (value.interval !== NET_TAX_RATE_INTERVAL && value.interval !== 'yearly') {
      issue('interval', vatSettingFieldMessages.halfYearly);
    }
  });
export type VatSettingUpdate = z.infer<typeof vatSettingUpdateSchema>;
