import { z } from 'zod';
import { cycles, dateSchema } from './fields.js';

/**
 * The automatic VAT settlement of an organisation (research §5.8; API.md `/vat-settings`): one per
 * organisation, set by owners and admins. `interval` uses the cycle names (biannually = half-yearly).
 */
export const vatIntervals = cycles;
export type VatInterval = (typeof vatIntervals)[number];
export const vatIntervalLabels: Record<VatInterval, string> = {
  monthly: 'Monatlich',
  quarterly: 'Quartalsweise',
  biannually: 'Halbjährlich',
  yearly: 'Jährlich',
};

export const VAT_OFFSET_MAX = 12;

export const vatSettingSchema = z.object({
  enabled: z.boolean(),
  billingDate: z.string(),
  transactionMonthOffset: z.number().int(),
  interval: z.enum(vatIntervals),
});
export type VatSetting = z.infer<typeof vatSettingSchema>;

/** `PUT /vat-settings` (create or replace): every field required. */
export const vatSettingUpdateSchema = z.strictObject({
  enabled: z.boolean({ error: 'Ungültiger Wert: Ja/Nein-Wert erwartet' }),
  billingDate: dateSchema('Abrechnungsdatum wird benötigt'),
  transactionMonthOffset: z
    .number({ error: `Der Versatz muss eine ganze Zahl von 0 bis ${VAT_OFFSET_MAX} Monaten sein` })
    .int(`Der Versatz muss eine ganze Zahl von 0 bis ${VAT_OFFSET_MAX} Monaten sein`)
    .min(0, `Der Versatz muss eine ganze Zahl von 0 bis ${VAT_OFFSET_MAX} Monaten sein`)
    .max(VAT_OFFSET_MAX, `Der Versatz muss eine ganze Zahl von 0 bis ${VAT_OFFSET_MAX} Monaten sein`),
  interval: z.enum(vatIntervals, { error: 'Abrechnungsintervall wird benötigt' }),
});
export type VatSettingUpdate = z.infer<typeof vatSettingUpdateSchema>;
