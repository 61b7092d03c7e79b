import {
  addDays,
  parseQrBill,
  swicoDueDate,
  type QrBill,
  type QrBillAddress,
  type QrBillConfirm,
  type QrBillPreview,
  type Transaction,
} from '@saldopilot/shared';
import type { AppDatabase } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Tenant } from '../../lib/tenant.js';
import type { RecurringService } from '../recurring/recurring.service.js';
import type { ReferenceService } from '../reference/reference.service.js';
import type { TransactionsService } from '../transactions/transactions.service.js';
import { paymentTermDaysOf } from './qr-bills.repository.js';
import { qrReaderMessages } from './qr-code-reader.js';
import type { QrReader } from './qr-reader.js';

export interface QrBillsServiceDeps {
  db: AppDatabase;
  clock: Clock;
  reference: ReferenceService;
  transactions: TransactionsService;
  recurring: RecurringService;
  /** Reads the codes in worker threads (docs/qr-bills.md "Reading the code"). */
  reader: QrReader;
}

export type QrBillsService = ReturnType<typeof createQrBillsService>;

export const qrBillMessagesApi = {
  missingFile: 'Bitte senden Sie eine Datei (PDF, PNG oder JPEG) mit einer QR-Rechnung.',
  notAQrBill: 'Der QR-Code ist keine QR-Rechnung (Kennung «SPC» fehlt).',
  invalid: (problems: readonly string[]) => `Die QR-Rechnung ist ungültig: ${problems.join('; ')}.`,
} as const;

function addressText(address: QrBillAddress): string {
  const town = [address.postalCode, address.town].filter(Boolean).join(' ');
  const lines =
    address.type === 'S'
      ? [[address.line1, address.line2].filter(Boolean).join(' '), town]
      : [address.line1, address.line2];
  return lines.filter(Boolean).join(', ');
}

/**
 * QR-bills in (docs/qr-bills.md): a file read into a preview of a planned one-off payment, and the
 * preview as confirmed made a single transaction through the transactions service, its reference
 * kept so the bank debit is matched to it first (docs/plan-actual.md "References").
 */
export function createQrBillsService({ db, clock, reference, transactions, recurring, reader }: QrBillsServiceDeps) {
  /** The one QR-bill of the file: its code found, read and checked, or a German 400 saying what is wrong. */
  async function billOf(tenant: Tenant, bytes: Uint8Array): Promise<QrBill> {
    const found = await reader.read(tenant.organisationId, bytes);
    const payloads = found.texts.filter((text) => text.startsWith('SPC'));
    if (payloads.length === 0) {
      if (found.texts.length > 0) throw new AppError('VALIDATION_FAILED', qrBillMessagesApi.notAQrBill);
      if (found.damaged) throw new AppError('VALIDATION_FAILED', qrReaderMessages.damagedCode);
      throw new AppError('VALIDATION_FAILED', qrReaderMessages.noCode(bytes[0] === 0x25 ? 'pdf' : 'image'));
    }
    const reading = parseQrBill(payloads[0]!);
    if (!reading.ok) {
      const fields = Object.fromEntries(reading.problems.map((problem) => [problem.field, problem.message]));
      throw new AppError(
        'VALIDATION_FAILED',
        qrBillMessagesApi.invalid(reading.problems.map((problem) => problem.message)),
        { fields },
      );
    }
    return reading.bill;
  }

  return {
    /** `POST /qr-bills/read`: what the file's QR-bill says, as a payment to confirm; stores nothing. */
    async read(tenant: Tenant, file: { bytes: Uint8Array | undefined }): Promise<QrBillPreview> {
      if (!file.bytes || file.bytes.length === 0)
        throw new AppError('VALIDATION_FAILED', qrBillMessagesApi.missingFile);
      const bill = await billOf(tenant, file.bytes);
      const today = clock.today();
      const termsDue = swicoDueDate(bill.swico, today);
      const paymentTermDays = await paymentTermDaysOf(db, tenant.organisationId);
      const currency = reference.listCurrencyDefinitions().find((candidate) => candidate.code === bill.currency);
      if (!currency)
        throw new AppError(
          'VALIDATION_FAILED',
          qrBillMessagesApi.invalid([`Währung ${bill.currency} ist nicht bekannt`]),
        );
      // By the creditor's account first, then by its name (a new QR-IBAN of a known creditor).
      let proposal = await recurring.proposeCategory(tenant, bill.iban, bill.creditor.name);
      if (proposal.categoryId === null) proposal = await recurring.proposeCategory(tenant, null, bill.creditor.name);
      const invoice = bill.swico?.invoiceNumber;
      return {
        creditor: {
          name: bill.creditor.name,
          address: addressText(bill.creditor),
          country: bill.creditor.country,
          iban: bill.iban,
          isQrIban: bill.isQrIban,
        },
        debtor: bill.debtor && {
          name: bill.debtor.name,
          address: addressText(bill.debtor),
          country: bill.debtor.country,
        },
        amount: bill.amount,
        currency,
        referenceType: bill.referenceType,
        reference: bill.reference,
        message: bill.message,
        billingInformation: bill.billingInformation,
        invoiceNumber: invoice ?? null,
        invoiceDate: bill.swico?.invoiceDate ?? null,
        dueDate: termsDue ?? addDays(today, paymentTermDays),
        dueDateSource: termsDue ? 'terms' : 'default',
        paymentTermDays,
        proposed: {
          name: (invoice ? `${bill.creditor.name}, Rechnung ${invoice}` : bill.creditor.name).slice(0, 255),
          ...proposal,
        },
      };
    },

    /** `POST /qr-bills`: the confirmed preview as a one-off expense with the bill's reference. */
    async confirm(tenant: Tenant, input: QrBillConfirm): Promise<Transaction> {
      return transactions.create(tenant, {
        name: input.name,
        amount: -input.amount,
        type: 'single',
        startDate: input.dueDate,
        categoryId: input.categoryId,
        currencyId: input.currencyId,
        vatId: input.vatId ?? null,
        reference: input.reference ?? null,
        bankAccountId: input.bankAccountId ?? null,
      });
    },
  };
}
