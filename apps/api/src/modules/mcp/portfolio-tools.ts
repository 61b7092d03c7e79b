import { z } from 'zod';
import { PORTFOLIO_MONTHS, addMonthsToMonth, monthOf, type Portfolio } from '@saldopilot/shared';
import { defineTool, type McpTool } from './mcp-tool.js';

/**
 * The Übersicht for an assistant (docs/access.md "Portfolio"): "Welche meiner Mandanten werden in
 * den nächsten 6 Monaten knapp?" — every organisation of the person who granted the token, at the
 * call (a membership that ended is gone at once), the most urgent first.
 */
export const portfolioTools: readonly McpTool[] = [
  defineTool({
    name: 'get_portfolio',
    title: 'Übersicht aller Organisationen',
    description:
      'Die Übersicht über alle Organisationen (Mandanten) der Person, die den Zugang erteilt hat, die dringendste zuerst: pro Organisation der erste Monat, in dem der Saldo unter die Mindestliquidität fällt (shortfallMonth, null = keine Unterschreitung in 12 Monaten), der tiefste Saldo und sein Monat, das Bankguthaben heute und das älteste «Stand per» (balanceStale: älter als 10 Tage), offene Bankbuchungen, überfällige geplante Zahlungen und die Abgaben der nächsten 30 Tage (MWST; AHV, BVG usw. nur mit der Berechtigung salaries:read). Mit withinMonths nur die Organisationen, die in so vielen Monaten knapp werden. updating: true = die Zahlen des letzten Stands, die neuen werden gerade berechnet; pending: Organisationen, deren Zahlen noch berechnet werden (später erneut fragen).',
    route: 'GET /api/portfolio',
    kind: 'read',
    input: {
      withinMonths: z
        .number()
        .int()
        .min(1, `Zwischen 1 und ${PORTFOLIO_MONTHS} Monaten`)
        .max(PORTFOLIO_MONTHS, `Zwischen 1 und ${PORTFOLIO_MONTHS} Monaten`)
        .optional()
        .describe(
          `Nur Organisationen mit einer Unterschreitung in den nächsten so vielen Monaten, der aktuelle mitgezählt (1 bis ${PORTFOLIO_MONTHS}); ohne: alle`,
        ),
    },
    run: async ({ withinMonths }, api) => {
      const { calculatedAt, rows, pending } = (await api.call('GET', '/portfolio')) as Portfolio;
      // The last month counted: the current one is the first (docs/cockpit.md "The row").
      const last = withinMonths === undefined ? undefined : addMonthsToMonth(monthOf(api.today()), withinMonths - 1);
      const kept = rows.filter(
        (row) => last === undefined || (row.shortfallMonth !== null && row.shortfallMonth <= last),
      );
      return {
        calculatedAt,
        organisations: kept.map(({ overdue, ...row }) => ({
          ...row,
          // `amount` is formatted in the row's currency like every amount of an answer.
          overdue: { count: overdue.count, amount: overdue.total },
        })),
        // Not computed yet (docs/cockpit.md "Stored rows"): named, so an answer does not pass them over.
        pending: pending.map(({ organisationId, name }) => ({ organisationId, name })),
      };
    },
  }),
];
