import type { Locator, Page } from '@playwright/test';

/** "QR-Rechnung hochladen" on Transaktionen: the files chosen, and the dialog each readable bill opens. */

export async function uploadQrBills(
  page: Page,
  files: { name: string; mimeType: string; buffer: Buffer }[],
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'QR-Rechnung hochladen' }).click();
  await (await chooser).setFiles(files);
}

export function qrBillDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'QR-Rechnung prüfen' });
}
