import type { QrBillConfirm, QrBillPreview, Transaction } from '@saldopilot/shared';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { transactionKeys } from './list-transactions';

/** The content type of a chosen file by its ending when the browser names none (docs/qr-bills.md "Files"). */
function contentTypeOf(file: File): string {
  if (file.type) return file.type;
  if (/\.pdf$/i.test(file.name)) return 'application/pdf';
  if (/\.png$/i.test(file.name)) return 'image/png';
  return 'image/jpeg';
}

/** Reads one QR-bill file into its preview; nothing is stored (docs/qr-bills.md). */
export function readQrBill(file: File): Promise<QrBillPreview> {
  return api.postFile<QrBillPreview>('/api/qr-bills/read', file, contentTypeOf(file));
}

/** Confirms a preview as a one-off expense with the bill's reference; the lists load again. */
export async function confirmQrBill(input: QrBillConfirm): Promise<Transaction> {
  const created = await api.post<Transaction>('/api/qr-bills', input);
  await queryClient.invalidateQueries({ queryKey: transactionKeys.all });
  return created;
}
