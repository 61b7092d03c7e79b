import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiWrite, categoryIds, currencyIds, expect, signUp, test } from './support/fixtures.js';

/** Chooses a format in the list's "Exportieren" menu and answers the saved file's name and text. */
async function exportList(page: Page, format: 'Als Excel (.xlsx)' | 'Als CSV (.csv)') {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportieren' }).click();
  await page.getByRole('menuitem', { name: format }).click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

test('the lists export what they show — search included — as CSV and Excel, named after the organisation', async ({
  page,
}) => {
  await signUp(page);
  const [currencies, categories] = await Promise.all([currencyIds(page), categoryIds(page)]);
  const base = { type: 'repeating', cycle: 'monthly', currencyId: currencies.CHF, categoryId: categories.Generell };
  await apiWrite(page, 'POST', '/api/transactions', {
    ...base,
    name: 'Miete Büro',
    amount: -2_500_00,
    startDate: '2026-12-01',
  });
  await apiWrite(page, 'POST', '/api/transactions', {
    ...base,
    name: 'Beratung',
    amount: 5_000_00,
    startDate: '2026-12-05',
  });
  await apiWrite(page, 'POST', '/api/bank-accounts', { name: 'UBS', amount: 10_000_00, currencyId: currencies.CHF });

  await page.goto('/transactions');
  await page.getByRole('textbox', { name: 'Suchen' }).fill('Miete');
  await expect(page.getByText('Beratung')).toBeHidden();
  const csv = await exportList(page, 'Als CSV (.csv)');
  expect(csv.name).toBe('Transaktionen-Meine-Organisation-2026-11-21.csv');
  const text = csv.bytes.toString('utf8');
  expect(text).toContain('Miete Büro;Generell;-2500.00;CHF;');
  expect(text).not.toContain('Beratung');

  await page.goto('/bank-accounts');
  const xlsx = await exportList(page, 'Als Excel (.xlsx)');
  expect(xlsx.name).toBe('Bankkonten-Meine-Organisation-2026-11-21.xlsx');
  expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');

  await page.goto('/employees');
  await apiWrite(page, 'POST', '/api/employees', { name: 'Nora Keller' });
  await page.reload();
  const people = await exportList(page, 'Als CSV (.csv)');
  expect(people.name).toBe('Mitarbeitende-Meine-Organisation-2026-11-21.csv');
  expect(people.bytes.toString('utf8')).toContain('Nora Keller;');
});
