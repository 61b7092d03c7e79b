import { z } from 'zod';
import { COMPARE_SCENARIOS_MAX, FORECAST_LIMITS, fromRuns, type ScenarioCompare } from '@saldopilot/shared';
import { defineTool, type McpTool } from './mcp-tool.js';

/**
 * Scenarios for an assistant (docs/scenarios.md): list, compare, create one and add a lever (hire,
 * loan, delay, percentage) — never promote, so a question like "Was passiert, wenn wir im März zwei
 * Entwickler einstellen?" is answered without touching the plan.
 */

/**
 * The comparison as an assistant reads it: each entry's differences with their leaf named and only
 * the months that differ, each as `{ month, amount }` (the API sends the leaves once and the
 * months as runs, docs/scenarios.md "Compare"; an assistant should not decode those).
 */
export function readableComparison({ leaves, entries, ...compare }: ScenarioCompare) {
  return {
    ...compare,
    entries: entries.map((entry) => ({
      ...entry,
      differences: entry.differences.map(({ leaf, runs }) => ({
        ...leaves[leaf],
        months: fromRuns(runs, compare.months.length).flatMap((amount, index) =>
          amount === 0 ? [] : [{ month: compare.months[index] as string, amount }],
        ),
      })),
    })),
  };
}

const scenarioId = z.number().int().describe('Id des Szenarios (aus list_scenarios oder create_scenario)');

export const scenarioTools: McpTool[] = [
  defineTool({
    name: 'list_scenarios',
    title: 'Szenarien auflisten',
    description:
      'Die Szenarien der Organisation: Was-wäre-wenn-Rechnungen auf der aktuellen Planung, je mit Name, Beschreibung und Anzahl Hebel.',
    route: 'GET /api/scenarios',
    kind: 'read',
    input: {},
    run: async (_args, api) => ({ scenarios: await api.call('GET', '/scenarios') }),
  }),
  defineTool({
    name: 'get_scenario_comparison',
    title: 'Szenarien vergleichen',
    description: `Vergleicht die Basisplanung und bis zu ${COMPARE_SCENARIOS_MAX} Szenarien: pro Monat Einnahmen, Ausgaben, Cashflow und Saldo, die Kennzahlen (tiefster Saldo und Monat, erster Monat unter dem Mindestbestand, Runway, Cashflow total) und pro Posten die Monate, in denen das Szenario von der Basis abweicht, mit der Differenz Szenario − Basis.`,
    route: 'GET /api/scenarios/compare',
    kind: 'read',
    input: {
      ids: z
        .array(z.union([z.literal('base'), z.number().int()]))
        .describe('«base» für die Basis und/oder Szenario-Ids, z. B. ["base", 3]'),
      months: z
        .number()
        .int()
        .optional()
        .describe(
          `Zeitraum in Monaten ab dem aktuellen Monat, ${FORECAST_LIMITS.minMonths} bis ${FORECAST_LIMITS.maxMonths} (Standard: 13)`,
        ),
    },
    run: async (args, api) =>
      readableComparison(
        (await api.call('GET', '/scenarios/compare', {
          query: { ids: args.ids.join(','), months: args.months },
        })) as ScenarioCompare,
      ),
  }),
  defineTool({
    name: 'create_scenario',
    title: 'Szenario anlegen',
    description:
      'Legt ein neues Szenario an (ohne die Planung zu ändern) und antwortet mit seiner Id; Hebel kommen danach mit add_scenario_lever dazu.',
    route: 'POST /api/scenarios',
    kind: 'create',
    input: {
      name: z.string().describe('Name des Szenarios, z. B. «Zwei Entwickler ab März»'),
      description: z.string().optional().describe('Beschreibung und Annahmen des Szenarios'),
    },
    run: async (args, api) => (await api.call('POST', '/scenarios', { body: args })) as Record<string, unknown>,
  }),
  defineTool({
    name: 'add_scenario_lever',
    title: 'Hebel zu Szenario hinzufügen',
    description:
      'Fügt einem Szenario einen Hebel hinzu. hire: { type: "hire", name, from, salary (Monatslohn brutto in Rappen), currencyId, birthDate, payments: 12 oder 13 } — die Sozialleistungen rechnet SaldoPilot selbst. loan: { type: "loan", name, date, amount, currencyId, ratePercent, repayment: "annuity" oder "linear", cycle: "monthly", "quarterly", "halfYearly" oder "yearly", payments }. delay: { type: "delay", days, from, und transactionId, categoryId oder side: "revenue"/"expense" }. percentage: { type: "percentage", percent, from, to?, und categoryId oder side }.',
    route: 'POST /api/scenarios/:id/levers',
    kind: 'create',
    input: {
      scenarioId,
      lever: z
        .looseObject({ type: z.enum(['hire', 'loan', 'delay', 'percentage']) })
        .describe('Der Hebel mit seinem type und den Feldern wie in der Beschreibung'),
    },
    run: async (args, api) =>
      (await api.call('POST', `/scenarios/${args.scenarioId}/levers`, { body: args.lever })) as Record<string, unknown>,
  }),
];
