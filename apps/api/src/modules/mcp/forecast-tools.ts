import { z } from 'zod';
import {
  FORECAST_LIMITS,
  forecastCategoryKeySchema,
  forecastExclusionSchema,
  forecastMessages,
  monthOf,
  monthSchema,
  type Forecast,
  detailsOfColumns,
  type ForecastDetailColumns,
} from '@saldopilot/shared';
import { isCalendarLeaf } from '@saldopilot/forecast';
import { INVALID_FIELDS } from '../../lib/app-error.js';
import { ApiRefusal, defineTool, describedShape, type McpTool } from './mcp-tool.js';

/** The forecast, its details and runway, Plan/Ist and the exclusions (docs/forecast.md, docs/plan-actual.md). */

const months = z
  .number()
  .int()
  .optional()
  .describe(
    `Zeitraum in Monaten ab dem aktuellen Monat, ${FORECAST_LIMITS.minMonths} bis ${FORECAST_LIMITS.maxMonths} (Standard: 13)`,
  );
const performance = z
  .number()
  .int()
  .optional()
  .describe(
    `Performance der Einnahmen in Prozent, ${FORECAST_LIMITS.minPerformance} bis ${FORECAST_LIMITS.maxPerformance} (Standard: 100; 80 = Einnahmen um 20 % tiefer)`,
  );

/** The month a forecast month lies after the current one (0 = current month). */
function monthsAfter(from: string, to: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return index(to) - index(from);
}

const exclusionShape = forecastExclusionSchema.shape;
const exclusionItem = describedShape(
  { relatedTable: exclusionShape.relatedTable, relatedId: exclusionShape.relatedId },
  {
    relatedTable:
      'Art des Eintrags: transactions (Transaktion), salaries (Lohn: die Lohn-Id des Monats aus den Prognose-Details) oder salary_cost_labels (Lohnkosten eines Labels; Id 0 = «<Kein Label>»)',
    relatedId: 'Id des Eintrags (relatedId aus den Prognose-Details)',
  },
);
const exclusionMonths = z
  .array(monthSchema, { error: 'Bitte wählen Sie mindestens einen Monat' })
  .min(1, 'Bitte wählen Sie mindestens einen Monat')
  .max(FORECAST_LIMITS.maxMonths, `Höchstens ${FORECAST_LIMITS.maxMonths} Monate auf einmal`)
  .describe('Monate (JJJJ-MM), vom aktuellen Monat bis 59 Monate danach');

/** Exclusions set or lifted for some months of one item: one batch, all or nothing. */
function setExclusions(isExcluded: boolean) {
  return async (
    args: { relatedTable: unknown; relatedId: unknown; months: unknown[] },
    api: Parameters<McpTool['run']>[1],
  ) => {
    const updates = args.months.map((month) => ({
      month,
      relatedTable: args.relatedTable,
      relatedId: args.relatedId,
      isExcluded,
    }));
    return (await api.call('PUT', '/forecasts/exclude', { body: { updates } })) as Record<string, unknown>;
  };
}

/** The categories whose leaves hold the fund and tax payments (docs/payment-calendar.md "In the forecast"). */
const FUND_CATEGORIES = ['expense:Lohnkosten', 'revenue:Lohnkosten', 'expense:MWST', 'revenue:MWST'];

/** A leaf that is a payment of the payment calendar (a fund's leaf) or of the VAT settlement. */
function isFundPayment(leaf: { relatedTable: string; relatedId: number; name: string }): boolean {
  return isCalendarLeaf(leaf) || leaf.relatedTable === 'vat_settlement';
}

export const forecastTools: McpTool[] = [
  defineTool({
    name: 'get_forecast',
    title: 'Liquiditätsprognose lesen',
    description:
      'Die Liquiditätsprognose der Organisation: pro Monat Einnahmen, Ausgaben, Cashflow und Saldo (Endbestand), dazu Startbestand und Runway (wie lange das Geld über dem Mindestbestand reicht). Beträge in der Organisationswährung, als Rappen (cents) und formatiert.',
    route: 'GET /api/forecasts',
    kind: 'read',
    input: { months, performance },
    run: async (args, api) => (await api.call('GET', '/forecasts', { query: args })) as Forecast,
  }),
  defineTool({
    name: 'get_forecast_details',
    title: 'Prognose-Details eines Monats',
    description:
      'Die Details eines Prognosemonats: Einnahmen und Ausgaben nach Kategorien, jede mit ihren Posten (Transaktionen, Löhne je Mitarbeitende, Lohnkosten, MWST-Abrechnung). Ein Posten nennt relatedTable und relatedId, mit denen er sich von der Prognose ausschliessen lässt, und ob er ausgeschlossen ist.',
    route: 'GET /api/forecasts/details',
    kind: 'read',
    input: {
      month: monthSchema.describe('Der Monat (JJJJ-MM), vom aktuellen Monat bis 59 Monate danach'),
      performance,
      categories: z
        .array(forecastCategoryKeySchema)
        .optional()
        .describe(
          'Nur diese Kategorien mit ihren Posten, je «revenue:<Name>» oder «expense:<Name>»; ohne Angabe alle (die übrigen Kategorien kommen mit ihrem Betrag, ohne Posten)',
        ),
    },
    async run(args, api) {
      const ahead = monthsAfter(monthOf(api.today()), args.month);
      if (ahead < 0 || ahead >= FORECAST_LIMITS.maxMonths) {
        throw new ApiRefusal(400, {
          error: INVALID_FIELDS,
          code: 'VALIDATION_FAILED',
          fields: { month: forecastMessages.monthOutsideHorizon },
        });
      }
      const query = { months: ahead + 1, performance: args.performance, expand: args.categories };
      const details = detailsOfColumns(
        (await api.call('GET', '/forecasts/details', { query })) as ForecastDetailColumns,
      );
      const forecast = (await api.call('GET', '/forecasts', {
        query: { months: ahead + 1, performance: args.performance },
      })) as Forecast;
      const totals = forecast.months.find((month) => month.month === args.month);
      const tree = details.find((month) => month.month === args.month);
      return { currency: forecast.currency, month: args.month, totals, revenue: tree?.revenue, expense: tree?.expense };
    },
  }),
  defineTool({
    name: 'list_fund_payments',
    title: 'Zahlungen an Kassen und Steuern',
    description:
      'Die Zahlungen der nächsten 12 Monate an die Ausgleichskasse, die Pensionskasse, die UVG- und KTG-Versicherer, den Kanton (Quellensteuer) und die ESTV (MWST) gemäss Zahlungskalender, je mit Monat, Bezeichnung (z. B. «AHV-Akonto Q1», «MWST-Rate 1/3») und Betrag (negativ = Zahlung, positiv = Rückerstattung).',
    route: 'GET /api/forecasts/details',
    kind: 'read',
    input: {},
    async run(_args, api) {
      const query = { months: 12, expand: FUND_CATEGORIES };
      const details = detailsOfColumns(
        (await api.call('GET', '/forecasts/details', { query })) as ForecastDetailColumns,
      );
      const payments = details.flatMap(({ month, revenue, expense }) =>
        [...expense, ...revenue].flatMap((category) =>
          category.children.filter(isFundPayment).map((leaf) => ({ month, name: leaf.name, amount: leaf.amount })),
        ),
      );
      const { currency } = (await api.call('GET', '/forecasts', { query: { months: 1 } })) as Forecast;
      return { currency, payments };
    },
  }),
  defineTool({
    name: 'get_runway',
    title: 'Runway lesen',
    description:
      'Wie lange die Liquidität reicht: coveredUntil ist der letzte Monat, bevor der Saldo erstmals unter den Mindestbestand fällt (null: über den ganzen Zeitraum gedeckt), lowest der Monat mit dem tiefsten Saldo. Standard: der ganze Prognosezeitraum von 60 Monaten.',
    route: 'GET /api/forecasts',
    kind: 'read',
    input: { months, performance },
    async run(args, api) {
      const query = { months: args.months ?? FORECAST_LIMITS.maxMonths, performance: args.performance };
      const forecast = (await api.call('GET', '/forecasts', { query })) as Forecast;
      const { calculatedAt, currency, startBalance, missingRates, runway } = forecast;
      const last = forecast.months.at(-1)?.month;
      return { calculatedAt, currency, startBalance, missingRates, until: last, runway };
    },
  }),
  defineTool({
    name: 'get_plan_actual',
    title: 'Plan/Ist lesen',
    description:
      'Die Plan/Ist-Tabelle: pro Monat geplante und tatsächliche (aus den Bankbewegungen) Einnahmen, Ausgaben, Cashflow und Endbestand mit Abweichung, die Zeilen je Kategorie, die Planungsgenauigkeit und die Zahl nicht zugeordneter Bankbewegungen. Standard: von 12 Monaten zurück bis zum aktuellen Monat.',
    route: 'GET /api/plan-actual',
    kind: 'read',
    input: {
      from: monthSchema.optional().describe('Erster Monat (JJJJ-MM)'),
      to: monthSchema.optional().describe('Letzter Monat (JJJJ-MM)'),
    },
    run: async (args, api) => (await api.call('GET', '/plan-actual', { query: args })) as Record<string, unknown>,
  }),
  defineTool({
    name: 'get_plan_actual_month',
    title: 'Plan/Ist eines Monats',
    description:
      'Plan/Ist eines Monats im Detail: die geplanten Zahlungen mit ihrem Zustand (offen, überfällig, zugeordnet, entfällt, vor dem Kontoauszug) und den zugeordneten Bankbewegungen, dazu alle Bankbewegungen des Monats.',
    route: 'GET /api/plan-actual/month',
    kind: 'read',
    input: { month: monthSchema.describe('Der Monat (JJJJ-MM)') },
    run: async (args, api) => (await api.call('GET', '/plan-actual/month', { query: args })) as Record<string, unknown>,
  }),
  defineTool({
    name: 'list_forecast_exclusions',
    title: 'Ausschlüsse aus der Prognose',
    description:
      'Die Ausschlüsse der Organisation ab dem aktuellen Monat: welche Posten (relatedTable, relatedId) in welchen Monaten nicht in der Prognose zählen; optional nur einer Art oder eines Postens.',
    route: 'GET /api/forecasts/exclude',
    kind: 'read',
    input: {
      relatedTable: exclusionItem.relatedTable.optional(),
      relatedId: z.number().int().optional().describe('Nur dieser Posten (mit relatedTable)'),
    },
    async run(args, api) {
      const exclusions = await api.call('GET', '/forecasts/exclude', { query: args });
      return { exclusions };
    },
  }),
  defineTool({
    name: 'exclude_from_forecast',
    title: 'Von der Prognose ausschliessen',
    description:
      'Schliesst einen Posten in den genannten Monaten von der Prognose aus (er zählt dort 0), z. B. eine Zahlung, die ausnahmsweise nicht anfällt. Alle Monate oder keiner. Antwort: affected = Zahl der neuen Ausschlüsse.',
    route: 'PUT /api/forecasts/exclude',
    kind: 'set',
    input: { ...exclusionItem, months: exclusionMonths },
    run: setExclusions(true),
  }),
  defineTool({
    name: 'include_in_forecast',
    title: 'Ausschluss aufheben',
    description:
      'Hebt den Ausschluss eines Postens in den genannten Monaten auf, sodass er dort wieder in der Prognose zählt. Antwort: affected = Zahl der aufgehobenen Ausschlüsse.',
    route: 'PUT /api/forecasts/exclude',
    kind: 'set',
    input: { ...exclusionItem, months: exclusionMonths },
    run: setExclusions(false),
  }),
];
