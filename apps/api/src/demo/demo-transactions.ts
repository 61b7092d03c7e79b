import {
  addMonths,
  daysInMonth,
  transactionListQuerySchema,
  type Cycle,
  type TransactionCreate,
} from '@saldopilot/shared';
import type { Tenant } from '../lib/tenant.js';
import type { CategoriesService } from '../modules/categories/categories.service.js';
import type { TransactionsService } from '../modules/transactions/transactions.service.js';
import type { VatsService } from '../modules/vats/vats.service.js';

/** The services the demo data goes through, so it obeys every rule a user's data does. */
export interface TransactionDemoServices {
  categories: CategoriesService;
  vats: VatsService;
  transactions: TransactionsService;
}

/** The own categories of the demo organisation (besides the system ones). */
const OWN_CATEGORIES = ['Marketing', 'Weiterbildung'] as const;

interface DemoTransaction {
  name: string;
  /** Francs and Rappen as people write them; stored as cents. */
  francs: number;
  category: string;
  /** Omitted: a single payment. */
  cycle?: Cycle;
  /** Months from the first of the current month, and the day (`'last'` = the month's last day). */
  start: [months: number, day: number | 'last'];
  /** A repeating payment ends on the last day of the month before this many months after its start. */
  endAfterMonths?: number;
  /** 8.1 % VAT: on top of the amount (client invoices) or included in it (bills). */
  vat?: 'excluded' | 'included';
  disabled?: boolean;
  link?: string;
}

/**
 * A year of a small Swiss fiduciary's money, around "today": rent, insurance, licences, leasing,
 * client mandates billed monthly, quarterly and yearly with 8.1 % VAT on top, one-off projects and
 * investments, one expired and one disabled entry — enough for every list feature and the forecast.
 */
const DEMO_TRANSACTIONS: DemoTransaction[] = [
  { name: 'Büromiete Zürich', francs: -4_800, category: 'Miete', cycle: 'monthly', start: [-11, 1] },
  { name: 'Nebenkosten Büro', francs: -650, category: 'Miete', cycle: 'quarterly', start: [-10, 1] },
  { name: 'Betriebshaftpflicht', francs: -2_350, category: 'Versicherungen', cycle: 'yearly', start: [-9, 15] },
  { name: 'Sachversicherung Inventar', francs: -890, category: 'Versicherungen', cycle: 'yearly', start: [-4, 1] },
  {
    name: 'Buchhaltungssoftware',
    francs: -129,
    category: 'Lizenzen',
    cycle: 'monthly',
    start: [-11, 5],
    vat: 'included',
    link: 'https://www.abacus.ch',
  },
  {
    name: 'Microsoft 365 Business',
    francs: -1_560,
    category: 'Lizenzen',
    cycle: 'yearly',
    start: [-2, 1],
    vat: 'included',
  },
  { name: 'Website-Hosting', francs: -49.9, category: 'Hosting', cycle: 'monthly', start: [-11, 1] },
  { name: 'Telefon & Internet', francs: -180, category: 'Telefon', cycle: 'monthly', start: [-11, 20] },
  { name: 'Bankspesen', francs: -45, category: 'Bankspesen', cycle: 'quarterly', start: [-12, 'last'] },
  {
    name: 'Leasing Geschäftsauto',
    francs: -690,
    category: 'Leasing',
    cycle: 'monthly',
    start: [-8, 1],
    endAfterMonths: 36,
  },
  { name: 'Google Ads', francs: -600, category: 'Marketing', cycle: 'monthly', start: [-3, 1], endAfterMonths: 9 },
  { name: 'Alte Telefonanlage', francs: -80, category: 'Telefon', cycle: 'monthly', start: [-11, 1], disabled: true },
  { name: 'Lehrgang Fachausweis Treuhand', francs: -3_200, category: 'Weiterbildung', start: [2, 10] },
  {
    name: 'Mandat Muster GmbH (Buchhaltung)',
    francs: 6_500,
    category: 'Umsatz',
    cycle: 'monthly',
    start: [-11, 25],
    vat: 'excluded',
  },
  {
    name: 'Mandat Beispiel AG (Lohnbuchhaltung)',
    francs: 12_000,
    category: 'Umsatz',
    cycle: 'quarterly',
    start: [-11, 'last'],
    vat: 'excluded',
  },
  {
    name: 'Jahresabschluss Alpen Holding AG',
    francs: 18_500,
    category: 'Umsatz',
    cycle: 'yearly',
    start: [3, 15],
    vat: 'excluded',
  },
  {
    name: 'Steuererklärungen Privatkunden',
    francs: 9_800,
    category: 'Umsatz',
    cycle: 'yearly',
    start: [4, 1],
    vat: 'excluded',
  },
  { name: 'Beratung Start-up Zug', francs: 4_200, category: 'Projekte', start: [1, 20], vat: 'excluded' },
  { name: 'Gründungsberatung Café Limmat', francs: 2_500, category: 'Projekte', start: [-6, 12], vat: 'excluded' },
  { name: 'Neue Laptops', francs: -7_800, category: 'Investitionen', start: [2, 1], vat: 'included' },
  { name: 'Server-Erneuerung', francs: -12_000, category: 'Investitionen', start: [5, 1] },
];

function dayOfMonth(firstOfMonth: string, day: number | 'last'): string {
  const lastDay = daysInMonth(Number(firstOfMonth.slice(0, 4)), Number(firstOfMonth.slice(5, 7)));
  const chosen = day === 'last' ? lastDay : Math.min(day, lastDay);
  return `${firstOfMonth.slice(0, 8)}${String(chosen).padStart(2, '0')}`;
}

/**
 * Creates the demo transactions (and two own categories) for the organisation of `tenant`, dated
 * around `today`, through the services. Does nothing when the organisation already has
 * transactions, so it can run at every start. Answers how many it created.
 */
export async function seedDemoTransactions(
  services: TransactionDemoServices,
  tenant: Tenant,
  today: string,
): Promise<number> {
  const existing = await services.transactions.list(tenant, transactionListQuerySchema.parse({ limit: '1' }));
  if (existing.pagination.totalCount > 0) return 0;

  const categoryIds = new Map<string, number>();
  const listed = await services.categories.list(tenant, { page: 1, limit: 100 });
  for (const category of listed.data) categoryIds.set(category.name, category.id);
  for (const name of OWN_CATEGORIES) {
    if (!categoryIds.has(name)) categoryIds.set(name, (await services.categories.create(tenant, { name })).id);
  }
  const standardRate = (await services.vats.list(tenant)).find((rate) => rate.value === 810 && !rate.canEdit);

  const thisMonth = `${today.slice(0, 7)}-01`;
  for (const demo of DEMO_TRANSACTIONS) {
    const categoryId = categoryIds.get(demo.category);
    if (categoryId === undefined) throw new Error(`demo category missing: ${demo.category}`);
    const [months, day] = demo.start;
    const startDate = dayOfMonth(addMonths(thisMonth, months), day);
    const endDate =
      demo.endAfterMonths === undefined
        ? null
        : dayOfMonth(addMonths(thisMonth, months + demo.endAfterMonths - 1), 'last');
    const input: TransactionCreate = {
      name: demo.name,
      link: demo.link ?? null,
      amount: Math.round(demo.francs * 100),
      type: demo.cycle ? 'repeating' : 'single',
      cycle: demo.cycle ?? null,
      startDate,
      endDate,
      categoryId,
      currencyId: tenant.currencyId,
      vatId: demo.vat && standardRate ? standardRate.id : null,
      vatIncluded: demo.vat === 'included',
    };
    const created = await services.transactions.create(tenant, input);
    if (demo.disabled) await services.transactions.update(tenant, created.id, { isDisabled: true });
  }
  return DEMO_TRANSACTIONS.length;
}
