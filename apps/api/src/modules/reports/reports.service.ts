import type { ForecastExportQuery } from '@saldopilot/shared';
import type { Clock } from '../../lib/clock.js';
import type { Tenant } from '../../lib/tenant.js';
import type { ForecastsService } from '../forecasts/forecasts.service.js';
import type { OrganisationsService } from '../organisations/organisations.service.js';
import type { ProfileService } from '../profile/profile.service.js';
import { buildForecastReport, reportFileName } from './forecast-report.js';
import { reportCsv } from './report-csv.js';
import { reportXlsx } from './report-xlsx.js';

export interface ReportsServiceDeps {
  clock: Clock;
  forecasts: ForecastsService;
  organisations: OrganisationsService;
  profile: ProfileService;
}

/** A file to hand out: its bytes, its media type and the name it is saved under. */
export interface ReportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

const contentTypes = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

export type ReportsService = ReturnType<typeof createReportsService>;

/**
 * The forecast leaves the product as a file (docs/reports.md): the same figures `GET /forecasts`
 * and `/forecasts/details` answer for the same months and performance — whatever the member may
 * read, read-only members included.
 */
export function createReportsService({ clock, forecasts, organisations, profile }: ReportsServiceDeps) {
  return {
    async forecastExport(tenant: Tenant, { format, ...query }: ForecastExportQuery): Promise<ReportFile> {
      const [forecast, details, organisation, user] = await Promise.all([
        forecasts.forecast(tenant, query),
        forecasts.details(tenant, query),
        organisations.get(tenant.userId, tenant.organisationId),
        profile.getUser(tenant.userId),
      ]);
      const report = buildForecastReport({
        organisationName: organisation.name,
        userName: user.name ? `${user.name} (${user.email})` : user.email,
        performance: query.performance,
        forecast,
        details,
      });
      return {
        body: format === 'xlsx' ? await reportXlsx(report) : reportCsv(report),
        contentType: contentTypes[format],
        fileName: reportFileName('Prognose', organisation.name, clock.today(), format),
      };
    },
  };
}
