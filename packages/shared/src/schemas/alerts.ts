import { z } from 'zod';
import { centsSchema } from './fields.js';
import { PORTFOLIO_PAYMENT_DAYS } from './portfolio.js';

/**
 * "Benachrichtigungen" and "Hinweise" (docs/cockpit.md "Alerts"): what a user wants to hear about one
 * organisation, and the events so far.
 */

export const alertKinds = ['shortfall', 'stale', 'unmatched', 'payment'] as const;
export type AlertKind = (typeof alertKinds)[number];

export const alertMessages = {
  staleDays: 'Die Anzahl Tage muss eine ganze Zahl von 1 bis 365 sein',
  unmatchedAbove: 'Die Anzahl muss eine ganze Zahl von 0 bis 100000 sein',
  paymentAbove: 'Der Betrag darf nicht negativ sein',
  paymentWithinDays: `Die Anzahl Tage muss eine ganze Zahl von 1 bis ${PORTFOLIO_PAYMENT_DAYS} sein`,
  paymentPair: 'Betrag und Tage gehören zusammen: beide angeben oder beide leer lassen',
  read: 'Ungültiger Wert: true oder false',
} as const;

const days = (max: number, message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(max, message);

const alertSettingsFields = {
  /** A shortfall appears or moves to an earlier month. */
  shortfall: z.boolean({ error: 'Ungültiger Wert: true oder false' }),
  /** A balance's "Stand per" older than this many days; null: off. */
  staleDays: days(365, alertMessages.staleDays).nullable(),
  /** More than this many open bank entries; null: off. */
  unmatchedAbove: z
    .number({ error: alertMessages.unmatchedAbove })
    .int(alertMessages.unmatchedAbove)
    .min(0, alertMessages.unmatchedAbove)
    .max(100_000, alertMessages.unmatchedAbove)
    .nullable(),
  /** A fund or tax payment larger than this (minor units) due within `paymentWithinDays`; null: off. */
  paymentAbove: centsSchema.refine((value) => value >= 0, alertMessages.paymentAbove).nullable(),
  paymentWithinDays: days(PORTFOLIO_PAYMENT_DAYS, alertMessages.paymentWithinDays).nullable(),
};

export const alertSettingsSchema = z.object(alertSettingsFields);
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/**
 * `PATCH /alerts/settings`: the fields to change of the current organisation's setting; the amount and
 * the days of a payment alert are both set or both null after it (checked on the result).
 */
export const alertSettingsUpdateSchema = z.strictObject(alertSettingsFields).partial();
export type AlertSettingsUpdate = z.infer<typeof alertSettingsUpdateSchema>;

/** The settings of a user who never saved any: shortfalls only. */
export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  shortfall: true,
  staleDays: null,
  unmatchedAbove: null,
  paymentAbove: null,
  paymentWithinDays: null,
};

/** A "Hinweis": one event, as its mail said it. */
export const alertSchema = z.object({
  id: z.number().int(),
  organisationId: z.number().int(),
  organisationName: z.string(),
  kind: z.enum(alertKinds),
  message: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertListSchema = z.object({ data: z.array(alertSchema), unread: z.number().int() });
export type AlertList = z.infer<typeof alertListSchema>;

export const alertUpdateSchema = z.strictObject({ read: z.boolean({ error: alertMessages.read }) });
export type AlertUpdate = z.infer<typeof alertUpdateSchema>;

/** The weekly digest (docs/cockpit.md "Weekly digest"): whether the user wants it (all their organisations). */
export const digestSettingSchema = z.object({ weekly: z.boolean() });
export type DigestSetting = z.infer<typeof digestSettingSchema>;
export const digestSettingUpdateSchema = z.strictObject({ weekly: z.boolean({ error: alertMessages.read }) });
