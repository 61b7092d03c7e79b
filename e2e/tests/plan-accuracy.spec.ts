import type { Page } from '@playwright/test';
import {
  apiGet,
  apiWrite,
  categoryIds,
  currencyIds,
  expect,
  expectNoSeriousAxeViolations,
  signUp,
  test,
  toasts,
} from './support/fixtures.js';
import { entryRow } from './support/pages/bank-entries-page.js';
import { camt053, importStatement } from './support/statements.js';

// docs/plan-actual.md "Accuracy per horizon". The server's today is 2026-11-21 (playwright.config
// FIXED_TODAY): August to October 2026 are measured; the forecasts kept at the start of July, August
// and September are seeded through the development route (nobody can wait for past months), the
// one of November is taken by the first read.

const IBAN = 'CH9300762011623852957';

/**
 * A plan of a monthly fee of 5'000.00 due on the 5th and a rent of 2'000.00 due on the 1st, from
 * August 2026, on an account of 10'000.00 at the end of July; the statement of August to October
 * pays the fee 5'000, 4'800 and 5'100 and the rent 2'000, 2'000 and 2'080 (closing 18'820.00).
 */
async function seedPlanAndStatement(page: Page): Promise<{ accountId: number; feeId: number; rentId: number }> {
  const { CHF } = await currencyIds(page);
  const categories = await categoryIds(page);
  const account = await apiWrite<{ id: number }>(page, 'POST', '/api/bank-accounts', {
    name: 'Geschäftskonto',
    amount: 10_000_00,
    currencyId: CHF,
    balanceDate: '2026-07-31',
    iban: IBAN,
  });
  const common = {
    currencyId: CHF,
    vatIncluded: false,
    type: 'repeating',
    cycle: 'monthly',
    bankAccountId: account.id,
  };
  const fee = await apiWrite<{ id: number }>(page, 'POST', '/api/transactions', {
    ...common,
    name: 'Beratung Kunde',
    startDate: '2026-08-05',
    amount: 5_000_00,
    categoryId: categories.Umsatz,
  });
  const rent = await apiWrite<{ id: number }>(page, 'POST', '/api/transactions', {
    ...common,
    name: 'Büromiete',
    startDate: '2026-08-01',
    amount: -2_000_00,
    categoryId: categories.Miete,
  });
  const statement = camt053({
    iban: IBAN,
    from: '2026-08-01',
    to: '2026-10-31',
    opening: '10000.00',
    openingDate: '2026-07-31',
    closing: '18820.00',
    entries: [
      { date: '2026-08-03', amount: '-2000.00', name: 'Immo AG', text: 'Miete August' },
      { date: '2026-08-05', amount: '5000.00', name: 'Kunde AG', text: 'Honorar August' },
      { date: '2026-09-01', amount: '-2000.00', name: 'Immo AG', text: 'Miete September' },
      { date: '2026-09-07', amount: '4800.00', name: 'Kunde AG', text: 'Honorar September' },
      { date: '2026-10-01', amount: '-2080.00', name: 'Immo AG', text: 'Miete Oktober' },
      { date: '2026-10-06', amount: '5100.00', name: 'Kunde AG', text: 'Honorar Oktober' },
    ],
  });
  await importStatement(page, statement, 'application/xml');
  return { accountId: account.id, feeId: fee.id, rentId: rent.id };
}

/** One month of a seeded snapshot: the fee and the rent as planned, and the end balance expected. */
function planned(month: string, saldo: number, feeId: number, rentId: number) {
  return {
    month,
    revenue: 5_000_00,
    expense: -2_000_00,
    saldo,
    leaves: [
      ['transactions', feeId, 5_000_00],
      ['transactions', rentId, -2_000_00],
    ],
  };
}

test('the plan measured per horizon: the forecasts kept at the start of past months beside the statements, the leaves most off, the band on the Prognose', async ({
  page,
}) => {
  test.slow();
  await signUp(page);
  const { accountId, feeId, rentId } = await seedPlanAndStatement(page);
  const names = { [`transactions|${feeId}`]: 'Beratung Kunde', [`transactions|${rentId}`]: 'Büromiete' };
  // What the forecasts of July, August and September expected of the months after them.
  for (const [month, months] of [
    [
      '2026-07',
      [
        planned('2026-08', 13_000_00, feeId, rentId),
        planned('2026-09', 16_000_00, feeId, rentId),
        planned('2026-10', 19_000_00, feeId, rentId),
      ],
    ],
    ['2026-08', [planned('2026-09', 16_000_00, feeId, rentId), planned('2026-10', 19_000_00, feeId, rentId)]],
    ['2026-09', [planned('2026-10', 18_800_00, feeId, rentId)]],
  ] as const) {
    await apiWrite(page, 'POST', '/api/dev/forecast-snapshots', { month, months, names });
  }

  // The entries meet the plan: the three of the exact amount in one click, the three off by a few per cent by hand.
  await page.goto(`/bank-accounts/${accountId}/entries`);
  await page.getByRole('button', { name: 'Alle eindeutigen bestätigen' }).click();
  await expect(toasts(page).getByRole('status').last()).toContainText('3 Buchungen zugeordnet');
  for (const [text, occurrence] of [
    ['Honorar September', 'Beratung Kunde, fällig 05.09.2026'],
    ['Honorar Oktober', 'Beratung Kunde, fällig 05.10.2026'],
    ['Miete Oktober', 'Büromiete, fällig 01.10.2026'],
  ] as const) {
    await entryRow(page, text).getByRole('button', { name: 'Zuordnen…' }).click();
    const match = page.getByRole('dialog', { name: 'Buchung zuordnen' });
    await match.getByRole('button', { name: `Zuordnen: ${occurrence}` }).click();
    await expect(match).toBeHidden();
    await expect(entryRow(page, text)).toContainText('Zugeordnet:');
  }

  // Plan/Ist: 1 month ahead August (July's forecast), September (August's) and October (September's):
  // inflows |0| + |4'800 − 5'000| + |5'100 − 5'000| = 300 of 14'900 = 2.0 %, bias (0 + 200 − 100) / 14'900 = +0.7 %;
  // outflows 80 of 6'080 = 1.3 %, bias −80 / 6'080 = −1.3 %. 3 months ahead only October (July's):
  // inflows 100 / 5'100 = 2.0 %, bias −2.0 %; outflows 80 / 2'080 = 3.8 %, bias −3.8 %.
  await page.goto('/forecasts/plan-actual');
  const accuracy = page.getByRole('region', { name: 'Planungsgenauigkeit' });
  const horizons = accuracy.getByRole('table', { name: 'Planungsgenauigkeit je Horizont' });
  const horizon = (name: string) =>
    horizons.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(horizon('1 Monat voraus').getByRole('cell')).toHaveText(['2.0 %', '+0.7 %', '1.3 %', '-1.3 %', '3']);
  await expect(horizon('3 Monate voraus').getByRole('cell')).toHaveText(['2.0 %', '-2.0 %', '3.8 %', '-3.8 %', '1']);
  await expect(horizon('6 Monate voraus').getByRole('cell')).toHaveText(['–', '–', '–', '–', '0']);
  await expect(horizon('12 Monate voraus').getByRole('cell')).toHaveText(['–', '–', '–', '–', '0']);
  // The leaves most off, 1 month ahead: the fee 300.00 off, the rent 80.00.
  const leaves = accuracy.getByRole('table', { name: 'Grösste Abweichungen (1 Monat voraus)' });
  await expect(leaves.getByRole('row').nth(1)).toHaveText("Beratung Kunde15'000.00 CHF14'900.00 CHF300.00 CHF");
  await expect(leaves.getByRole('row').nth(2)).toHaveText("Büromiete-6'000.00 CHF-6'080.00 CHF80.00 CHF");
  await expectNoSeriousAxeViolations(page);

  // The API says the same, and why the band shows: four snapshots (November's taken by the first read).
  const answer = await apiGet<{
    snapshots: string[];
    band: boolean;
    horizons: { horizon: number; balanceError: number | null }[];
  }>(page, '/api/plan-actual/accuracy');
  expect(answer.snapshots).toEqual(['2026-07', '2026-08', '2026-09', '2026-11']);
  expect(answer.band).toBe(true);
  // End balances: August 13'000 (13'000 expected), September 15'800 (16'000), October 18'820 (18'800):
  // 1 month ahead (0 + 200 + 20) / 3 = 73.33; 3 months ahead |18'820 − 19'000| = 180.00.
  expect(answer.horizons.map((figure) => figure.balanceError)).toEqual([7_333, 18_000, null, null]);

  // The Prognose: the band around the end balance, ± 73.33 in December (1 month ahead), ± 126.67 in
  // January (between 1 and 3 months ahead), read out in the chart's text.
  await page.goto('/');
  await expect(page.getByText('Unsicherheit (aus den bisherigen Abweichungen)')).toBeVisible();
  await expect(page.getByTestId('forecast-band')).toHaveCount(1);
  const forecast = await apiGet<{ months: { month: string; saldo: number }[] }>(page, '/api/forecasts?months=12');
  // An amount as the app writes it (de-CH with an apostrophe), ready for a pattern.
  const chf = (cents: number) => {
    const [whole = '', fraction = ''] = (Math.abs(cents) / 100).toFixed(2).split('.');
    return `${cents < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, "'")}\\.${fraction} CHF`;
  };
  const chart = page.getByRole('slider', { name: /^Diagramm/ });
  await chart.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const december = forecast.months[1]!.saldo;
  await expect(chart).toHaveAttribute(
    'aria-valuetext',
    new RegExp(`^Dezember 2026: .*, Erwartet zwischen ${chf(december - 7_333)} und ${chf(december + 7_333)}$`),
  );
  await page.keyboard.press('ArrowRight');
  const january = forecast.months[2]!.saldo;
  await expect(chart).toHaveAttribute(
    'aria-valuetext',
    new RegExp(`^Januar 2027: .*, Erwartet zwischen ${chf(january - 12_667)} und ${chf(january + 12_667)}$`),
  );
  await expectNoSeriousAxeViolations(page);
});
