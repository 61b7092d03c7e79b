import { apiGet, apiWrite, currencyIds, expect, signUp, test } from './support/fixtures.js';

// What a person types is never changed into another value without a word (docs/web.md
// "Formatting", "Prognose"): each case keeps the text and names the rule in German.

test('an amount with letters is no amount: "1e5" says "Ungültiger Betrag" instead of becoming 15.00', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/bank-accounts');
  await page.getByRole('button', { name: 'Bankkonto hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neues Bankkonto anlegen' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Konto');
  const amount = dialog.getByRole('textbox', { name: 'Kontostand' });
  await amount.fill('1e5');
  await amount.blur();
  await expect(amount).toHaveValue('1e5');
  await expect(dialog.getByText('Ungültiger Betrag')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  // A currency around the number is fine.
  await amount.fill('CHF 15.–');
  await amount.blur();
  await expect(amount).toHaveValue('15.00');
  await expect(dialog.getByText('Ungültiger Betrag')).toBeHidden();
});

test('negative hours keep their sign and are named, never turned into 5', async ({ page }) => {
  await signUp(page);
  const employee = await apiWrite<{ id: number }>(page, 'POST', '/api/employees', { name: 'Nora Keller' });
  await page.goto(`/employees/${employee.id}`);
  await page.getByRole('button', { name: 'Lohn hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neuen Lohn anlegen' });
  const hours = dialog.getByRole('textbox', { name: 'Arbeitsstunden pro Monat' });
  await hours.fill('-5');
  await hours.blur();
  await expect(hours).toHaveValue('-5');
  await expect(dialog.getByText('Die Arbeitsstunden müssen zwischen 0 und 480 liegen')).toBeVisible();
  await hours.fill('1.5');
  await hours.blur();
  await expect(hours).toHaveValue('1.5');
  await expect(dialog.getByText('Die Arbeitsstunden müssen zwischen 0 und 480 liegen')).toBeVisible();
});

test('a forecast period of 100 months stays as typed with the rule, and the table keeps the last valid one', async ({
  page,
}) => {
  await signUp(page);
  await apiWrite(page, 'POST', '/api/bank-accounts', {
    name: 'Konto',
    amount: 1_000_00,
    currencyId: (await currencyIds(page)).CHF,
  });
  await page.goto('/');
  const headers = page.getByRole('table').getByRole('columnheader');
  await expect(headers).toHaveCount(14);
  const months = page.getByRole('textbox', { name: 'Zeitraum' });
  await months.fill('100');
  await months.blur();
  await expect(months).toHaveValue(/^100/);
  await expect(page.getByText('Der Zeitraum muss eine ganze Zahl von 1 bis 60 Monaten sein')).toBeVisible();
  await expect(headers).toHaveCount(14);
  await months.fill('6');
  await expect(page.getByText('Der Zeitraum muss eine ganze Zahl von 1 bis 60 Monaten sein')).toBeHidden();
  await expect(headers).toHaveCount(7);
});

test('a negative minimum balance is refused with a German message, not taken silently', async ({ page }) => {
  await signUp(page);
  const { currentOrganisationId } = await apiGet<{ currentOrganisationId: number }>(page, '/api/profile');
  await page.goto(`/settings/organisations/${currentOrganisationId}`);
  const minimum = page.getByRole('form', { name: 'Mindestliquidität' });
  const field = minimum.getByRole('textbox', { name: 'Mindestliquidität' });
  await field.fill('-500');
  await field.blur();
  await expect(minimum.getByText('Die Mindestliquidität darf nicht negativ sein (0 oder mehr)')).toBeVisible();
  await expect(minimum.getByRole('button', { name: 'Mindestliquidität speichern' })).toBeDisabled();
});
