import {
  type BankAccountListQuery,
  type BankEntryListQuery,
  type EmployeeListQuery,
  type ExportFormat,
  type PortfolioExportQuery,
  portfolioTexts,
  visibleRows,
  type ForecastExportQuery,
  type ScenarioCompareExportQuery,
  type TransactionListQuery,
} from '@saldopilot/shared';
import type { Clock } from '../../lib/clock.js';
import type { Tenant } from '../../lib/tenant.js';
import type { BankAccountsService } from '../bank-accounts/bank-accounts.service.js';
import type { BankEntriesService } from '../bank-statements/bank-entries.service.js';
import type { EmployeesService } from '../employees/employees.service.js';
import type { ForecastsService } from '../forecasts/forecasts.service.js';
import type { OrganisationsService } from '../organisations/organisations.service.js';
import type { PlanAccuracyService } from '../plan-actual/plan-accuracy.service.js';
import type { PlanActualService } from '../plan-actual/plan-actual.service.js';
import type { ProfileService } from '../profile/profile.service.js';
import type { TransactionsService } from '../transactions/transactions.service.js';
import type { ScenarioCompareService } from '../scenarios/scenario-compare.service.js';
import { comparePdf, compareXlsx } from './compare-report.js';
import { buildForecastReport, fileNamePart, reportFileName } from './forecast-report.js';
import { reportCsv } from './report-csv.js';
import type { PortfolioService } from '../portfolio/portfolio.service.js';
import {
  bankAccountColumns,
  bankEntryColumns,
  employeeColumns,
  portfolioColumns,
  transactionColumns,
} from './list-columns.js';
import { everyPage, listFile } from './list-export.js';
import { buildPlanActualReport } from './plan-actual-report.js';
import { reportPdf } from './report-pdf.js';
import { reportXlsx } from './report-xlsx.js';

export interface ReportsServiceDeps {
  clock: Clock;
  forecasts: ForecastsService;
  organisations: OrganisationsService;
  profile: ProfileService;
  transactions: TransactionsService;
  bankAccounts: BankAccountsService;
  employees: EmployeesService;
  bankEntries: BankEntriesService;
  planActual: PlanActualService;
  planAccuracy: PlanAccuracyService;
  scenarioCompare: ScenarioCompareService;
  portfolio: PortfolioService;
}

/** A list query without its paging, as an export takes it. */
type Unpaged<Query> = Omit<Query, 'page' | 'limit'> & { format: ExportFormat };

/** A file to hand out: its bytes, its media type and the name it is saved under. */
export interface ReportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

const contentTypes = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
} as const;

export type ReportsService = ReturnType<typeof createReportsService>;

/**
 * The forecast leaves the product as a file (docs/reports.md): the same figures `GET /forecasts`
 * and `/forecasts/details` answer for the same months and performance — whatever the member may
 * read, read-only members included.
 */
export function createReportsService(deps: ReportsServiceDeps) {
  const { clock, forecasts, organisations, profile } = deps;

  /**
   * The file of a list: every row its query selects, named `<Liste>-<Organisation>-<Datum>`, or
   * with `namePrefix` in front of the organisation (`Buchungen-<Konto>`).
   */
  async function listExport<Item>(
    tenant: Tenant,
    prefix: string,
    format: ExportFormat,
    columns: Parameters<typeof listFile<Item>>[2],
    items: Item[],
    namePrefix = prefix,
  ): Promise<ReportFile> {
    const organisation = await organisations.get(tenant.userId, tenant.organisationId);
    return {
      body: await listFile(format, prefix, columns, items),
      contentType: contentTypes[format],
      fileName: reportFileName(namePrefix, organisation.name, clock.today(), format),
    };
  }

  return {
    async transactionsExport(tenant: Tenant, { format, ...query }: Unpaged<TransactionListQuery>) {
      const items = await everyPage((page) => deps.transactions.list(tenant, { ...query, ...page }));
      return listExport(tenant, 'Transaktionen', format, transactionColumns, items);
    },

    async bankAccountsExport(tenant: Tenant, { format, ...query }: Unpaged<BankAccountListQuery>) {
      let currency = '';
      const items = await everyPage(async (page) => {
        const list = await deps.bankAccounts.list(tenant, { ...query, ...page });
        currency = list.total.currency;
        return list;
      });
      return listExport(tenant, 'Bankkonten', format, bankAccountColumns(currency), items);
    },

    /**
     * An account's booked entries, the file named by the account (`Buchungen-<Konto>-…`: each
     * account's file its own name); another organisation's account is a 404 as for the list.
     */
    async bankEntriesExport(tenant: Tenant, accountId: number, { format, ...query }: Unpaged<BankEntryListQuery>) {
      const account = await deps.bankAccounts.get(tenant, accountId);
      const items = await everyPage((page) => deps.bankEntries.listEntries(tenant, accountId, { ...query, ...page }));
      const name = `Buchungen-${fileNamePart(account.name, 'Konto')}`;
      return listExport(tenant, 'Buchungen', format, bankEntryColumns, items, name);
    },

    async employeesExport(tenant: Tenant, { format, ...query }: Unpaged<EmployeeListQuery>) {
      const items = await everyPage((page) => deps.employees.list(tenant, { ...query, ...page }));
      return listExport(tenant, 'Mitarbeitende', format, employeeColumns, items);
    },

    /**
     * The Übersicht with the page's search, filter and sort (docs/cockpit.md "Export"): the user's
     * organisations, so named by the day alone.
     */
    async portfolioExport(
      userId: number,
      { format, search = '', filter = 'all', sortBy = 'urgency', descending = false }: PortfolioExportQuery,
    ): Promise<ReportFile> {
      const { rows } = await deps.portfolio.portfolio(userId, true, { current: true });
      const items = visibleRows(rows, { search, filter, sortBy, descending });
      return {
        body: await listFile(format, portfolioTexts.title, portfolioColumns, items),
        contentType: contentTypes[format],
        fileName: `Uebersicht-${clock.today()}.${format}`,
      };
    },

    async forecastExport(tenant: Tenant, { format, ...query }: ForecastExportQuery): Promise<ReportFile> {
      const [forecast, details, organisation, user, planActualTable, accuracy, freshness] = await Promise.all([
        forecasts.forecast(tenant, query),
        forecasts.details(tenant, query),
        organisations.get(tenant.userId, tenant.organisationId),
        profile.getUser(tenant.userId),
        // The last 12 months, as the Plan/Ist page opens (docs/reports.md "Plan/Ist"); not for the CSV.
        format === 'csv' ? undefined : deps.planActual.table(tenant, {}),
        format === 'csv' ? undefined : deps.planAccuracy.accuracy(tenant),
        // The oldest balance older than 10 days is named in every format (docs/plan-actual.md "Freshness").
        deps.bankAccounts.freshness(tenant),
      ]);
      const planActual = planActualTable && accuracy && buildPlanActualReport(planActualTable, accuracy);
      const report = buildForecastReport({
        organisationName: organisation.name,
        userName: user.name ? `${user.name} (${user.email})` : user.email,
        performance: query.performance,
        forecast,
        details,
        freshness: freshness.note,
      });
      return {
        body:
          format === 'csv' || !planActual
            ? reportCsv(report)
            : format === 'xlsx'
              ? await reportXlsx(report, planActual)
              : await reportPdf({ report, planActual, today: clock.today() }),
        contentType: contentTypes[format],
        fileName: reportFileName('Prognose', organisation.name, clock.today(), format),
      };
    },

    /** The comparison of base and scenarios as PDF or XLSX (docs/scenarios.md "Compare"). */
    async compareExport(tenant: Tenant, { format, ...query }: ScenarioCompareExportQuery): Promise<ReportFile> {
      const [compare, organisation] = await Promise.all([
        deps.scenarioCompare.compare(tenant, query),
        organisations.get(tenant.userId, tenant.organisationId),
      ]);
      const today = clock.today();
      return {
        body:
          format === 'xlsx'
            ? await compareXlsx(compare, organisation.name, today)
            : await comparePdf(compare, organisation.name, today),
        contentType: contentTypes[format],
        fileName: reportFileName('Szenarienvergleich', organisation.name, today, format),
      };
    },
  };
}
