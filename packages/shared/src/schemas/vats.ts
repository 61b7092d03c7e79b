import { z } from 'zod';

export const vatSchema = z.object({
  id: z.number().int(),
  /** Basis points: 810 = 8.1 %. */
  value: z.number().int(),
  formattedValue: z.string(),
  canEdit: z.boolean(),
});
export type Vat = z.infer<typeof vatSchema>;

/** `GET /vats`: every rate the organisation may use (system and own), by value; not paged. */
export const vatListSchema = z.array(vatSchema);

/** A rate 0.01 % … 100 % in basis points. */
export const vatValueSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'Prozentualer Wert wird benötigt' : 'Ungültiger Wert') })
  .int('Ungültiger Wert')
  .min(1, 'Mindestwert: 0.01')
  .max(10_000, 'Höchstwert: 100');

export const vatCreateSchema = z.strictObject({ value: vatValueSchema });
export const vatUpdateSchema = vatCreateSchema;
export type VatCreate = z.infer<typeof vatCreateSchema>;

/**
 * A rate as people read it: one decimal when the basis points end in 0, else two, then "%":
 * 810 -> "8.1%", 1000 -> "10.0%", 255 -> "2.55%".
 */
export function formatVatRate(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(basisPoints % 10 === 0 ? 1 : 2)}%`;
}
