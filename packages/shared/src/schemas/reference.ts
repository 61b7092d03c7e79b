import { z } from 'zod';

export const currencyCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'Ungültiger Währungscode (drei Buchstaben erwartet)')
  .transform((code) => code.toUpperCase());

export const currencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  localeCode: z.string(),
});
export type Currency = z.infer<typeof currencySchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  canEdit: z.boolean(),
  inUse: z.boolean(),
});
export type Category = z.infer<typeof categorySchema>;

export const fiatRateSchema = z.object({
  base: z.string(),
  target: z.string(),
  rate: z.number(),
  updatedAt: z.string(),
});
export type FiatRate = z.infer<typeof fiatRateSchema>;

export const serverTimeSchema = z.object({ date: z.string() });
export type ServerTime = z.infer<typeof serverTimeSchema>;

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
/** 503 while the database is unreachable: the error shape, plus which part is down. */
export const healthUnavailableSchema = z.object({
  error: z.string(),
  code: z.literal('UNAVAILABLE'),
  status: z.literal('degraded'),
  database: z.literal('unavailable'),
});
