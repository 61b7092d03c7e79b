import { z } from 'zod';
import { currencySchema } from './reference.js';
import { dateSchema, idFieldSchema, textSchema } from './fields.js';
import { paymentReferenceSchema, transactionSchema } from './transactions.js';
import { QR_BILL_MAX_AMOUNT } from '../qr-bill.js';

/** The file types a QR-bill is read from (docs/qr-bills.md "Files"). */
export const qrBillContentTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/**
 * Limits of one upload (docs/qr-bills.md "Files"): a scanned A4 page is well below 10 MB; an invoice
 * with its payment part has a few pages, each rendered to be searched, so a longer PDF is refused.
 */
export const QR_BILL_LIMITS = { fileBytes: 10 * 1024 * 1024, pdfPages: 5, imagePixels: 40_000_000 } as const;

const addressSchema = z.object({
  name: z.string(),
  /** The address as printed, lines joined by ", ". */
  address: z.string(),
  country: z.string(),
});

/** `POST /qr-bills/read`: what a QR-bill says, as a planned one-off payment to confirm. */
export const qrBillPreviewSchema = z.object({
  creditor: addressSchema.extend({ iban: z.string(), isQrIban: z.boolean() }),
  debtor: addressSchema.nullable(),
  /** Minor units of the bill, positive; null: the bill leaves the amount open. */
  amount: z.number().int().nullable(),
  currency: currencySchema,
  referenceType: z.enum(['QRR', 'SCOR', 'NON']),
  reference: z.string().nullable(),
  message: z.string().nullable(),
  billingInformation: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  dueDate: z.string(),
  /** Where the due date comes from: the bill's S1 terms, or the upload day plus the default term. */
  dueDateSource: z.enum(['terms', 'default']),
  /** The organisation's "Zahlungsfrist (Tage)": the days after the upload day when the source is `default`. */
  paymentTermDays: z.number().int(),
  /** What confirming creates, as proposed: the name, and the category of earlier payments to the creditor. */
  proposed: z.object({
    name: z.string(),
    categoryId: z.number().int().nullable(),
    categoryName: z.string().nullable(),
    vatId: z.number().int().nullable(),
  }),
});
export type QrBillPreview = z.infer<typeof qrBillPreviewSchema>;

export const qrBillMessages = {
  amount: "Betrag muss zwischen 0.01 und 999'999'999.99 liegen",
} as const;

/** `POST /qr-bills`: the preview as confirmed (and edited); creates a one-off expense. */
export const qrBillConfirmSchema = z.strictObject({
  name: textSchema({ max: 255, required: 'Name wird benötigt' }),
  /** Minor units, positive: what is paid. */
  amount: z
    .number({ error: qrBillMessages.amount })
    .int(qrBillMessages.amount)
    .min(1, qrBillMessages.amount)
    .max(QR_BILL_MAX_AMOUNT, qrBillMessages.amount),
  currencyId: idFieldSchema('Ungültige Währung', 'Währung wird benötigt'),
  dueDate: dateSchema('Fälligkeit wird benötigt'),
  categoryId: idFieldSchema('Ungültige Kategorie', 'Kategorie wird benötigt'),
  vatId: idFieldSchema('Ungültige Mehrwertsteuer').nullable().optional(),
  reference: paymentReferenceSchema.optional(),
  bankAccountId: idFieldSchema('Ungültiges Bankkonto').nullable().optional(),
});
export type QrBillConfirm = z.infer<typeof qrBillConfirmSchema>;
export const qrBillConfirmResultSchema = transactionSchema;
