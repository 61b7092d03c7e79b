import type { TransactionCreate } from '@saldopilot/shared';
import type { DemoContext } from './demo-context.js';

/**
 * "Mindestliquidität" of the demo organisation: the reserve a fiduciary company of its size keeps,
 * about four months of payroll. The demo year dips below it in winter, when the 13th salaries and
 * the VAT of the fourth quarter fall together before the spring's closing work is billed, so the
 * runway headline has a month to point at.
 */
export const DEMO_MINIMUM_BALANCE = 260_000_00;

/**
 * The fiduciary's seasonal business (8.1 % VAT on top), by calendar month: the payroll and
 * accounting mandates billed monthly, year-end closings and tax returns in spring, payroll
 * certificates in January, budgets in autumn. Yearly entries start in the past year's month, so
 * the next payment falls in the coming one.
 */
const SEASONAL_REVENUE: { name: string; francs: number; month: number | 'monthly' }[] = [
  { name: 'Buchhaltungsmandate KMU (Sammelrechnung)', francs: 31_500, month: 'monthly' },
  { name: 'Lohnausweise und Lohnjahresabschluss', francs: 24_000, month: 1 },
  { name: 'Jahresabschlüsse KMU', francs: 58_000, month: 3 },
  { name: 'Jahresabschlüsse KMU (zweite Welle)', francs: 42_000, month: 4 },
  { name: 'Steuererklärungen Firmenkunden', francs: 36_000, month: 5 },
  { name: 'Revisionsmandate', francs: 22_000, month: 6 },
  { name: 'Zwischenabschlüsse', francs: 15_000, month: 9 },
  { name: 'Budgetierung und Planung', francs: 30_000, month: 10 },
];

/**
 * The forecast of the demo organisation, while it has no VAT setting: the seasonal revenue above,
 * the quarterly VAT settlement (periods January–March …, each paid one month after the billing date,
 * as the tax administration expects it within 60 days of the quarter's end), the payment calendar and
 * the minimum balance.
 */
export async function seedDemoForecast({ services, tenant }: DemoContext): Promise<void> {
  if (await services.vatSettings.find(tenant)) return;
  const year = Number(services.clock.today().slice(0, 4)) - 1;
  const categories = await services.categories.list(tenant, { page: 1, limit: 100 });
  const revenue = categories.data.find((category) => category.name === 'Umsatz');
  const standardRate = (await services.vats.list(tenant)).find((rate) => rate.value === 810 && !rate.canEdit);
  if (!revenue) throw new Error('demo data needs the system category "Umsatz"');
  for (const entry of SEASONAL_REVENUE) {
    const month = String(entry.month === 'monthly' ? 1 : entry.month).padStart(2, '0');
    const input: TransactionCreate = {
      name: entry.name,
      amount: entry.francs * 100,
      type: 'repeating',
      cycle: entry.month === 'monthly' ? 'monthly' : 'yearly',
      startDate: `${year}-${month}-28`,
      endDate: null,
      categoryId: revenue.id,
      currencyId: tenant.currencyId,
      vatId: standardRate?.id ?? null,
      vatIncluded: false,
    };
    await services.transactions.create(tenant, input);
  }
  await services.vatSettings.put(tenant, {
    enabled: true,
    billingDate: `${year}-04-01`,
    interval: 'quarterly',
    transactionMonthOffset: 1,
  });
  // The payment calendar (docs/payment-calendar.md): the Ausgleichskasse collects a quarterly Akonto,
  // the pension fund quarterly in arrears, UVG and KTG take their premiums in January in advance.
  await services.paymentCalendar.put(tenant, {
    ahv: { rhythm: 'quarterly', akonto: null, dueDays: 10, differenceMonth: 3 },
    bvg: { rhythm: 'quarterly', inAdvance: false, dueDays: 0 },
    uvg: { premiumMonth: 1, instalments: 1, finalMonth: 3 },
    ktg: { premiumMonth: 1, instalments: 2, finalMonth: 3 },
  });
  await services.organisations.update(tenant.userId, tenant.organisationId, { minimumBalance: DEMO_MINIMUM_BALANCE });
}
